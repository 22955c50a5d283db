import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { serviceTeamMessages } from '@sanidok/schema';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTeamStanding } from '../../../data/teamHooks';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { joinService } from './actions';
import { codeFromLink, withoutLinkCode } from './linkCode';
import { describeError } from '../../../lib/describeError';

const t = serviceTeamsDe.joinRoute;

/**
 * /services/{id}/join#code=… (old links: ?code=…) — what the service's QR code opens: joins the team with the code and
 * goes to the service. A member already on the team goes there at once; a refusal shows the
 * server's German message (wrong code, too many tries, service not running, offline).
 */
export function JoinServicePage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const [code] = useState(() => codeFromLink(location, 'code') ?? '');
  const navigate = useNavigate();
  const standing = useTeamStanding(id);
  const [failure, setError] = useState<string | null>(null);
  // A link without a code needs no request: derived, not an effect's state.
  const error = code.trim() === '' && standing === 'notMember' ? serviceTeamMessages.codeRequired : failure;
  const started = useRef(false);

  // The code leaves the address bar (and the history) at once; the page keeps it in its state.
  const linkAddress = withoutLinkCode(location, 'code');
  const shownWithCode = location.hash !== '' || `${location.pathname}${location.search}` !== linkAddress;
  useEffect(() => {
    if (shownWithCode) void navigate(linkAddress, { replace: true });
  }, [shownWithCode, linkAddress, navigate]);

  useEffect(() => {
    if (standing === undefined || started.current) return;
    started.current = true;
    const target = `/services/${encodeURIComponent(id)}?tab=team`;
    if (standing === 'member') {
      void navigate(target, { replace: true });
      return;
    }
    if (code.trim() === '') return;
    joinService(id, { accessCode: code })
      .then(() => navigate(target, { replace: true }))
      .catch((failure: unknown) => setError(describeError(failure, serviceTeamMessages.offline)));
  }, [standing, id, code, navigate]);

  return (
    <Stack gap="md">
      <Title order={1}>{t.title}</Title>
      <Paper withBorder p="lg">
        {error === null ? (
          <Stack gap="sm" align="flex-start">
            <Loader size="sm" aria-hidden />
            <Text>{t.joining}</Text>
          </Stack>
        ) : (
          <Stack gap="md" align="flex-start">
            <Alert color="red" title={t.failed} role="alert">
              {error}
            </Alert>
            <Button component={Link} to={`/services/${encodeURIComponent(id)}`} variant="light" size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
              {t.toService}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
