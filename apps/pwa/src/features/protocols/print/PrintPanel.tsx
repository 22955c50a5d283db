import { Button, Stack, Text } from '@mantine/core';
import { IconAmbulance, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { useId } from 'react';
import { usePatientDataOf } from '../../../data/protocolHooks';
import { printDe } from '../../../i18n/print.de';
import { usePrintProtocol } from './usePrintProtocol';

const t = printDe.panel;

// Long labels wrap in a narrow sidebar instead of being cut off; 44 px keeps a tablet touch target.
const wrappingLabel = { root: { height: 'auto', minHeight: 44, paddingBlock: 8 }, label: { whiteSpace: 'normal' as const } };

export interface PrintPanelProps {
  protocolId: string;
}

/**
 * 'RTW-Übergabe drucken' and 'Vollständiges Protokoll drucken' (docs/spec/services.md §2, §9). Both print from
 * the device's data, so they work offline. Without patient data on the device (after discharge
 * it is in the archive) printing is blocked: the buttons are disabled and a hint says why — no
 * error toast, as docs/spec/services.md §8 asks.
 */
export function PrintPanel({ protocolId }: PrintPanelProps) {
  const patientData = usePatientDataOf([protocolId]);
  const { print, printing } = usePrintProtocol(protocolId);
  const hintId = useId();
  const fhirHintId = useId();
  const loading = patientData === undefined;
  const blocked = patientData !== undefined && !patientData.has(protocolId);
  const disabled = loading || blocked || printing !== null;

  return (
    <Stack gap="xs" role="group" aria-label={t.label}>
      <Button
        size="md"
        fullWidth
        styles={wrappingLabel}
        variant="light"
        leftSection={<IconAmbulance size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'handover'}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => void print('handover')}
      >
        {t.handover}
      </Button>
      <Button
        size="md"
        fullWidth
        styles={wrappingLabel}
        variant="default"
        leftSection={<IconPrinter size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'complete'}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => void print('complete')}
      >
        {t.complete}
      </Button>
      <Button
        size="md"
        fullWidth
        styles={wrappingLabel}
        variant="subtle"
        leftSection={<IconFileExport size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'fhir'}
        aria-describedby={blocked ? hintId : fhirHintId}
        onClick={() => void print('fhir')}
      >
        {t.fhir}
      </Button>
      {!blocked && (
        <Text id={fhirHintId} size="xs" c="dimmed">
          {t.fhirHint}
        </Text>
      )}
      {blocked && (
        <Text id={hintId} size="sm" c="dimmed">
          {t.patientDataArchived}
        </Text>
      )}
    </Stack>
  );
}
