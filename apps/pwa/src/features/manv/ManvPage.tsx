import { Alert, Button, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { mayLeadManv } from '@sanidok/schema';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useOrganization, useService } from '../../data/hooks';
import { useManvIncidents } from '../../data/manvHooks';
import { openManvIncident } from '../../data/repositories/manv';
import { draftsDe } from '../../i18n/drafts.de';
import { manvDe } from '../../i18n/manv.de';
import { useDropDraftsOf } from '../shared/useDraftKeeper';
import { describeError } from '../../lib/describeError';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePatientCapture } from '../services/captureServices';
import { IncidentHeader } from './IncidentHeader';
import { ManvCountsPanel } from './ManvCountsPanel';
import { PatientList } from './PatientList';
import { PersonListExport } from './PersonListExport';
import { TriageCapture } from './TriageCapture';

const t = manvDe;

function OpenIncidentForm({ service }: { service: Service }) {
  const [name, setName] = useState('');
  const [blueEnabled, setBlueEnabled] = useState(false);
  const submit = async () => {
    try {
      await openManvIncident(service.id, { name, startedAt: new Date().toISOString(), blueEnabled });
      notifySuccess(t.toasts.opened, name);
    } catch (error) {
      notifyError(t.toasts.error, describeError(error, t.toasts.unknownError));
    }
  };
  return (
    <Paper withBorder p="md" data-testid="manv-open">
      <Stack gap="sm">
        <Title order={2} size="h4">{t.open.title}</Title>
        <TextInput label={t.open.name} placeholder={t.open.namePlaceholder} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <Switch label={t.open.blue} checked={blueEnabled} onChange={(e) => setBlueEnabled(e.currentTarget.checked)} size="md" />
        <Button onClick={() => void submit()} disabled={!name.trim()}>{t.open.submit}</Button>
      </Stack>
    </Paper>
  );
}

function ManvView({ service }: { service: Service }) {
  const organization = useOrganization(service.organizationId);
  const incidents = useManvIncidents(service.id);
  const capture = usePatientCapture(service);
  const incident = incidents?.find((i) => i.endedAt === null) ?? incidents?.[0];
  // A triage half-captured goes with an incident ended meanwhile (features/shared/useDraftKeeper.ts).
  useDropDraftsOf(incident?.id, Boolean(incident && incident.endedAt !== null), draftsDe.droppedManvEnded);
  if (!incidents || organization === undefined || capture === undefined) return <Loader />;
  const canLead = organization !== null && mayLeadManv(organization.role) && !organization.isBlocked;
  return (
    <Stack gap="md">
      {capture === 'notOnTeam' && <Alert color="yellow">{t.notOnTeam}</Alert>}
      {!incident && (canLead ? <OpenIncidentForm service={service} /> : <Text>{t.noneMember}</Text>)}
      {incident && (
        <>
          <IncidentHeader incident={incident} canLead={canLead} />
          {incident.endedAt !== null && canLead && <OpenIncidentForm service={service} />}
          {/* The triage tablet's screen starts with the capture; the lead scrolls to the counts. */}
          {capture === 'write' && incident.endedAt === null && <TriageCapture incident={incident} />}
          <ManvCountsPanel incidentId={incident.id} blueEnabled={incident.blueEnabled} />
          <PatientList incident={incident} />
          <PersonListExport incident={incident} service={service} />
        </>
      )}
    </Stack>
  );
}

/** /services/{id}/manv: the MANV incident of a service, offline like every capture screen. */
export function ManvPage() {
  const { id = '' } = useParams();
  const service = useService(id);
  return (
    <Stack gap="md">
      <Button component={Link} to={`/services/${id}`} variant="subtle" px={0} w="fit-content" leftSection={<IconArrowLeft size={18} aria-hidden />}>
        {t.back}
      </Button>
      <Title order={1} size="h2">{t.title}</Title>
      {service === undefined && <Loader />}
      {service === null && <Alert color="red">{t.serviceMissing}</Alert>}
      {service && <Text fw={500}>{service.name}</Text>}
      {service && <ManvView service={service} />}
    </Stack>
  );
}
