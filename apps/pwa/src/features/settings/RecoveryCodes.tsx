import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { twoFactorDe as t } from '../../i18n/twoFactor.de';
import { downloadFile } from '../../lib/download';

/** The recovery codes, shown once: to copy or to save as a text file (both on the device). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = () => {
    void navigator.clipboard.writeText(text).then(() => setCopied(true));
  };
  const download = () => {
    downloadFile(`SaniDok – Wiederherstellungscodes\n\n${text}\n`, t.downloadName, 'text/plain;charset=utf-8');
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
