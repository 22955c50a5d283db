import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAmbulance, IconFileExport, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { usePatientDataOf } from '../../../data/protocolHooks';
import { printDe } from '../../../i18n/print.de';
import { usePrintProtocol } from './usePrintProtocol';

const t = printDe.panel;

// Long labels wrap in a narrow sidebar instead of being cut off; 44 px keeps a tablet touch target.
const wrappingLabel = { root: { height: 'auto', minHeight: 44, paddingBlock: 8 }, label: { whiteSpace: 'normal' as const } };

export interface PrintPanelProps {
  protocolId: string;
  /**
   * One row of buttons with short labels (the full text stays their accessible name), for the
   * edit page's action row: stacked, the three buttons pushed the tabs below the fold on a tablet.
   */
  compact?: boolean;
}

/**
 * 'RTW-Übergabe drucken' and 'Vollständiges Protokoll drucken' (docs/spec/services.md §2, §9). Both print from
 * the device's data, so they work offline. Without patient data on the device (after discharge
 * it is in the archive) printing is blocked: the buttons are disabled and a hint says why — no
 * error toast, as docs/spec/services.md §8 asks.
 */
export function PrintPanel({ protocolId, compact = false }: PrintPanelProps) {
  const patientData = usePatientDataOf([protocolId]);
  const { print, printing } = usePrintProtocol(protocolId);
  const hintId = useId();
  const fhirHintId = useId();
  const loading = patientData === undefined;
  const blocked = patientData !== undefined && !patientData.has(protocolId);
  const disabled = loading || blocked || printing !== null;
  const size = compact ? 'sm' : 'md';
  const look = compact ? { mih: 44, px: 'sm' } : { fullWidth: true, styles: wrappingLabel };
  // The compact row names each button in full for assistive technology; the sighted see the short label.
  const label = (full: string, short: string) => (compact ? { 'aria-label': full, children: short } : { children: full });
  const Frame = compact ? Group : Stack;
  const fhirHint = <Text id={fhirHintId} size="xs" c="dimmed">{t.fhirHint}</Text>;
  const hint = (node: ReactNode) => (compact ? <VisuallyHidden>{node}</VisuallyHidden> : node);

  return (
    <Frame gap="xs" role="group" aria-label={t.label}>
      <Button
        size={size}
        {...look}
        variant="light"
        leftSection={<IconAmbulance size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'handover'}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => void print('handover')}
        {...label(t.handover, t.short.handover)}
      />
      <Button
        size={size}
        {...look}
        variant="default"
        leftSection={<IconPrinter size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'complete'}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => void print('complete')}
        {...label(t.complete, t.short.complete)}
      />
      <Button
        size={size}
        {...look}
        variant={compact ? 'default' : 'subtle'}
        leftSection={<IconFileExport size={20} stroke={1.6} aria-hidden />}
        disabled={disabled}
        loading={printing === 'fhir'}
        aria-describedby={blocked ? hintId : fhirHintId}
        title={compact ? t.fhirHint : undefined}
        onClick={() => void print('fhir')}
        {...label(t.fhir, t.short.fhir)}
      />
      {!blocked && hint(fhirHint)}
      {blocked && (
        <Text id={hintId} size="sm" c="dimmed" w={compact ? '100%' : undefined}>
          {t.patientDataArchived}
        </Text>
      )}
    </Frame>
  );
}
