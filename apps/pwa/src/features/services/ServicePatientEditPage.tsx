import { Navigate, useParams } from 'react-router-dom';

/**
 * /services/:serviceId/patients/:id/edit — listed in docs/spec/services.md §2 without a screen of its own: the
 * patient of a service is edited in its protocol, so the route leads to the protocol edit page.
 */
export function ServicePatientEditPage() {
  const { id = '' } = useParams();
  return <Navigate to={`/patient-protocols/${encodeURIComponent(id)}`} replace />;
}
