import { Accordion, Alert, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PatientData, PatientDataKey, ProtocolClinicalField } from '@sanidok/schema';
import { isProtocolOpen, patientDataLabels, protocolEmptyTexts, protocolFieldLabels } from '@sanidok/schema';
import { IconArchive, IconCloudDownload } from '@tabler/icons-react';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { formatDate } from '../../../lib/format';

const t = protocolsDe.detail;

/** The patient fields of the tab, in the order of docs/spec/services.md §2; each shows '-' when empty. */
const patientFields: readonly PatientDataKey[] = ['firstName', 'lastName', 'dateOfBirth', 'gender', 'address', 'phone', 'insuranceInfo'];

/** The collapsible sections with their fallbacks (docs/spec/services.md §2). */
const clinicalSections: readonly ProtocolClinicalField[] = ['initialAssessment', 'allergies', 'medications', 'pastHistory', 'chiefComplaint'];

function patientValue(data: PatientData, key: PatientDataKey): string {
  const value = data[key];
  if (!value) return t.empty;
  return key === 'dateOfBirth' ? formatDate(value) : value;
}

function PatientFields({ data }: { data: PatientData }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {patientFields.map((key) => (
        <Box key={key}>
          <Text component="dt" size="sm" c="gray.7">
            {patientDataLabels[key]}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {patientValue(data, key)}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/**
 * Why no patient fields are shown: after discharge they are sealed and gone from the device (only
 * the archive holds them); an active protocol whose data has not arrived yet waits for the sync.
 */
function NoPatientData({ closed }: { closed: boolean }) {
  return closed ? (
    <Alert color="gray" variant="light" icon={<IconArchive aria-hidden />} title={t.archivedTitle}>
      <Text size="sm">{t.archived}</Text>
      <Text size="sm">{t.archivedHint}</Text>
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" icon={<IconCloudDownload aria-hidden />} title={t.missingTitle}>
      {t.missing}
    </Alert>
  );
}

/**
 * Tab 'Patient' of the detail card (docs/spec/services.md §2): the patient data while the protocol is active,
 * then the clinical sections with their fallbacks (these are not patient data and stay).
 */
export function ProtocolPatientTab({ view }: { view: ProtocolView }) {
  const open = isProtocolOpen(view.protocol.status);
  const data = open ? view.patientData : null;
  return (
    <Stack gap="md">
      {data ? <PatientFields data={data} /> : <NoPatientData closed={!open} />}
      <Accordion multiple defaultValue={[...clinicalSections]} variant="separated">
        {clinicalSections.map((field) => {
          const value = view.protocol[field];
          return (
            <Accordion.Item value={field} key={field}>
              <Accordion.Control>{protocolFieldLabels[field]}</Accordion.Control>
              <Accordion.Panel>
                <Text style={{ whiteSpace: 'pre-wrap' }} c={value ? undefined : 'gray.7'}>
                  {value || protocolEmptyTexts[field]}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
