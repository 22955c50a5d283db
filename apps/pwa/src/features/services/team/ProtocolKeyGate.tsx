import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { serviceTeamMessages } from '@sanidok/schema';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePatientDataOf } from '../../../data/protocolHooks';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { openProtocolWithKey } from './actions';
import { describeError } from '../../../lib/describeError';

const t = serviceTeamsDe.protocolKey;

/** How long to wait for the pull before the protocol opens without its patient data (discharged, slow network). */
const arrivalWaitMs = 15_000;

/**
 * /patient-protocols/{id}#key=CODE: the key goes to the server in a request body (a code holder joins the service's
 * team there); the protocol opens once the pull has brought its patient data to the device, as
 * every capture screen reads only the device (docs/architecture.md, offline data flow).
 */
export function ProtocolKeyGate({ protocolId, accessKey }: { protocolId: string; accessKey: string }) {
  const navigate = useNavigate();
  const data = usePatientDataOf([protocolId]);
  const [joined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const target = `/patient-protocols/${encodeURIComponent(protocolId)}`;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openProtocolWithKey(protocolId, accessKey)
      .then(() => setJoined(true))
      .catch((failure: unknown) => setError(describeError(failure, serviceTeamMessages.offline)));
  }, [protocolId, accessKey]);

  const arrived = data?.has(protocolId) ?? false;
  useEffect(() => {
    if (!joined) return;
    if (arrived) {
      void navigate(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => void navigate(target, { replace: true }), arrivalWaitMs);
    return () => clearTimeout(timer);
  }, [joined, arrived, navigate, target]);

  return (
    <Paper withBorder p="lg">
      {error === null ? (
        <Stack gap="sm" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text>{joined ? t.waiting : t.opening}</Text>
        </Stack>
      ) : (
        <Alert color="red" title={t.failed} role="alert">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
