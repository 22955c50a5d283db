import { Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatTime, latestVitalValues, vitalColouringTexts, vitalParameterTypes } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { vitalsDe } from '../../../i18n/vitals.de';
import { colouringBasis, severityAt } from './vitalDisplay';
import { VitalValue } from './VitalValue';

const t = vitalsDe.current;

/** Sidebar of the edit page: the latest value of each parameter, coloured (docs/spec/services.md §2, §9). */
export function CurrentVitals({ view }: { view: ProtocolView }) {
  // A measurement marked "irrtümlich" is no current value.
  const latest = latestVitalValues(view.vitals.filter((record) => !record.enteredInError));
  const basis = colouringBasis(view);
  const shown = vitalParameterTypes.filter((type) => type !== 'notes' && latest.has(type));
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t.title}
      </Title>
      {shown.length === 0 ? (
        <Text size="sm">{t.empty}</Text>
      ) : (
        <>
          <Stack component="ul" gap={6} p={0} m={0} aria-label={t.listLabel} style={{ listStyle: 'none' }}>
            {shown.map((type) => {
              const value = latest.get(type);
              if (!value) return null;
              return (
                <li key={type}>
                  <VitalValue type={type} value={value.value} unit={value.unit} severity={severityAt(type, value.value, basis.dateOfBirth, value.recordedAt)} />{' '}
                  <Text span size="xs" c="gray.7" title={formatDateTime(value.recordedAt)}>
                    {t.at(formatTime(value.recordedAt))}
                  </Text>
                </li>
              );
            })}
          </Stack>
          <Text size="xs" c="gray.7">
            {basis.notice ?? vitalColouringTexts.disclaimer}
          </Text>
        </>
      )}
    </Stack>
  );
}
