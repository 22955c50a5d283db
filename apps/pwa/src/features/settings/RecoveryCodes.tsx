import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { twoFactorDe as t } from '../../i18n/twoFactor.de';

/** The recovery codes, shown once: to copy or to save as a text file (both on the device). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = () => {
    void navigator.clipboard.writeText(text).then(() => setCopied(true));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`SaniDok – Wiederherstellungscodes\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t.downloadName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t.recoveryIntro}</Text>
      <SimpleGrid cols={2} spacing="xs" aria-label={t.recoveryTitle} role="list">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" py={6} role="listitem">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Button variant="light" onClick={copy}>
          {copied ? t.copied : t.copy}
        </Button>
        <Button variant="light" onClick={download}>
          {t.download}
        </Button>
      </Group>
    </Stack>
  );
}
