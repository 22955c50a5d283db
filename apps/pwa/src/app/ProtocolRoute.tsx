import { useParams, useSearchParams } from 'react-router-dom';
import { ProtocolEditPage } from '../features/protocols/edit/ProtocolEditPage';
import { ProtocolKeyGate } from '../features/services/team/ProtocolKeyGate';

/**
 * /patient-protocols/{id}: with `?key=CODE` (docs/spec/services.md route, issue 14) the key first joins
 * the service's team on the server; the gate then opens the page without the key. Put together
 * here because the protocols feature must not import services/team back.
 */
export function ProtocolRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key');
  if (key !== null) return <ProtocolKeyGate key={`${id}:${key}`} protocolId={id} accessKey={key} />;
  return <ProtocolEditPage />;
}
