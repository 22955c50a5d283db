import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { AdminPage } from '../features/admin/AdminPage';
import { PatientArchivePage } from '../features/archive/PatientArchivePage';
import { AuthPage } from '../features/auth/AuthPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LandingPage } from '../features/landing/LandingPage';
import { ImprintPage, PrivacyPage, TermsPage } from '../features/legal/LegalPages';
import { MaterialsUsedPage } from '../features/materials/MaterialsUsedPage';
import { MinorTreatmentNewPage, MinorTreatmentsPage } from '../features/minor-treatments/MinorTreatmentsPage';
import { OrganizationsPage } from '../features/organizations/OrganizationsPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ProtocolEditPage } from '../features/protocols/edit/ProtocolEditPage';
import { PatientProtocolNewPage, PatientProtocolsPage } from '../features/protocols/PatientProtocolsPage';
import { ServiceDetailPage } from '../features/services/ServiceDetailPage';
import { ServicePatientEditPage } from '../features/services/ServicePatientEditPage';
import { ServicesPage } from '../features/services/ServicesPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { RouteErrorPage } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RequireAdmin, RequireAuth } from './RouteGuards';

/** Every route of spec 1 §2 and spec 2 §2. Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/datenschutz', element: <PrivacyPage /> },
      { path: '/impressum', element: <ImprintPage /> },
      { path: '/nutzungsbedingungen', element: <TermsPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { element: <RequireAdmin />, children: [{ path: '/admin', element: <AdminPage /> }] },
              { path: '/organizations', element: <OrganizationsPage /> },
              { path: '/services', element: <ServicesPage /> },
              { path: '/services/:id', element: <ServiceDetailPage /> },
              { path: '/services/:serviceId/patients/:id/edit', element: <ServicePatientEditPage /> },
              { path: '/patient-archive', element: <PatientArchivePage /> },
              { path: '/minor-treatments', element: <MinorTreatmentsPage /> },
              { path: '/minor-treatments/new', element: <MinorTreatmentNewPage /> },
              { path: '/patient-protocols', element: <PatientProtocolsPage /> },
              { path: '/patient-protocols/new', element: <PatientProtocolNewPage /> },
              { path: '/patient-protocols/edit/:id', element: <ProtocolEditPage /> },
              { path: '/patient-protocols/:id', element: <ProtocolEditPage /> },
              { path: '/materials/used', element: <MaterialsUsedPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
