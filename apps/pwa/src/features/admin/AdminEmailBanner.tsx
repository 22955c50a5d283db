import { Alert, Button } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { adminDe } from '../../i18n/de';

const t = adminDe.emailBanner;

/**
 * For a platform admin without an e-mail address (the first admin of a fresh installation has
 * none): shown on every page until an address is set (docs/security.md, "Archive alerts").
 */
export function AdminEmailBanner() {
  return (
    <Alert color="orange" icon={<IconMailOff aria-hidden />} title={t.title} mb="md">
      {t.text}{' '}
      <Button component={Link} to="/profile" variant="white" size="compact-md" mih={44} mt="xs">
        {t.action}
      </Button>
    </Alert>
  );
}
