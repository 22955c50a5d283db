import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconMedicalCross } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { de } from '../../i18n/de';

export function Logo() {
  return (
    <UnstyledButton component={Link} to="/dashboard" aria-label={de.app.name} mih={44}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={36} radius="md" aria-hidden>
          <IconMedicalCross size={22} stroke={1.8} />
        </ThemeIcon>
        <Text fw={800} fz="xl">
          {de.app.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
