import { Center, Loader } from '@mantine/core';
import { de } from '../i18n/de';

export function FullPageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label={de.app.loading}>
      <Loader />
    </Center>
  );
}
