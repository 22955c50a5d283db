import { useLocation, useParams } from 'react-router-dom';
import { ProtocolEditPage } from '../features/protocols/edit/ProtocolEditPage';
import { codeFromLink } from '../features/services/team/linkCode';
import { ProtocolKeyGate } from '../features/services/team/ProtocolKeyGate';

/**
 * /patient-protocols/{id}: with `#key=CODE` (old links: `?key=CODE`, docs/spec/services.md route) the
 * key first joins the service's team on the server, sent in a request body; the gate then opens the
 * page without the key (features/services/team/linkCode.ts). Put together
 * here because the protocols feature must not import services/team back.
 */
export function ProtocolRoute() {
  const { id = '' } = useParams();
  const key = codeFromLink(useLocation(), 'key');
  if (key !== null) return <ProtocolKeyGate key={`${id}:${key}`} protocolId={id} accessKey={key} />;
  return <ProtocolEditPage />;
}
