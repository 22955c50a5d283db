import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage';
import { RouteErrorPage } from './ErrorBoundary';
import { lazyRoute, unlockFirstHandle } from './lazyRoute';
import { NotFoundPage } from './NotFoundPage';
import { RequireAdmin, RequireAuth } from './RouteGuards';
import { SuspenseOutlet } from './RouteLoader';

// Only the landing page is part of the first load; every other screen comes with its route
// (docs/decisions.md, "Route-level code splitting").
const authPage = lazyRoute(() => import('../features/auth/AuthPage'), 'AuthPage');
const forgotPasswordPage = lazyRoute(() => import('../features/auth/PasswordResetPages'), 'ForgotPasswordPage');
const resetPasswordPage = lazyRoute(() => import('../features/auth/PasswordResetPages'), 'ResetPasswordPage');
const emailVerificationPage = lazyRoute(() => import('../features/auth/EmailVerificationPage'), 'EmailVerificationPage');
const privacyPage = lazyRoute(() => import('../features/legal/LegalPages'), 'PrivacyPage');
const imprintPage = lazyRoute(() => import('../features/legal/LegalPages'), 'ImprintPage');
const termsPage = lazyRoute(() => import('../features/legal/LegalPages'), 'TermsPage');
const appLayout = lazyRoute(() => import('./layout/AppLayout'), 'AppLayout');
const dashboardPage = lazyRoute(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const settingsPage = lazyRoute(() => import('./SettingsRoute'), 'SettingsRoute');
const profilePage = lazyRoute(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const adminPage = lazyRoute(() => import('../features/admin/AdminPage'), 'AdminPage');
const organizationsPage = lazyRoute(() => import('../features/organizations/OrganizationsPage'), 'OrganizationsPage');
const statisticsPage = lazyRoute(() => import('../features/statistics/StatisticsPage'), 'StatisticsPage');
const servicesPage = lazyRoute(() => import('../features/services/ServicesPage'), 'ServicesPage');
const serviceDetailPage = lazyRoute(() => import('./ServiceDetailRoute'), 'ServiceDetailRoute');
const boardPage = lazyRoute(() => import('./BoardRoute'), 'BoardRoute');
const manvPage = lazyRoute(() => import('../features/manv/ManvPage'), 'ManvPage');
const servicePatientEditPage = lazyRoute(() => import('../features/services/ServicePatientEditPage'), 'ServicePatientEditPage');
const patientArchivePage = lazyRoute(() => import('../features/archive/PatientArchivePage'), 'PatientArchivePage');
const minorTreatmentsPage = lazyRoute(() => import('../features/minorTreatments/MinorTreatmentsPage'), 'MinorTreatmentsPage');
const minorTreatmentNewPage = lazyRoute(() => import('../features/minorTreatments/MinorTreatmentsPage'), 'MinorTreatmentNewPage');
const patientProtocolsPage = lazyRoute(() => import('../features/protocols/PatientProtocolsPage'), 'PatientProtocolsPage');
const patientProtocolNewPage = lazyRoute(() => import('../features/protocols/PatientProtocolsPage'), 'PatientProtocolNewPage');
const protocolEditPage = lazyRoute(() => import('../features/protocols/edit/ProtocolEditPage'), 'ProtocolEditPage');
const protocolRoute = lazyRoute(() => import('./ProtocolRoute'), 'ProtocolRoute');
const joinServicePage = lazyRoute(() => import('../features/services/team/JoinServicePage'), 'JoinServicePage');
const materialsUsedPage = lazyRoute(() => import('../features/materials/MaterialsUsedPage'), 'MaterialsUsedPage');

/** Every route of docs/spec/accounts.md §2 and docs/spec/services.md §2. Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <SuspenseOutlet />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth', ...authPage },
      { path: '/passwort-vergessen', ...forgotPasswordPage },
      { path: '/passwort-zuruecksetzen', ...resetPasswordPage },
      { path: '/e-mail-bestaetigen', ...emailVerificationPage },
      { path: '/datenschutz', ...privacyPage },
      { path: '/impressum', ...imprintPage },
      { path: '/nutzungsbedingungen', ...termsPage },
      {
        element: <RequireAuth />,
        handle: unlockFirstHandle,
        children: [
          {
            ...appLayout,
            children: [
              { path: '/dashboard', ...dashboardPage },
              { path: '/settings', ...settingsPage },
              { path: '/profile', ...profilePage },
              { element: <RequireAdmin />, children: [{ path: '/admin', ...adminPage }] },
              { path: '/organizations', ...organizationsPage },
              { path: '/organizations/:id/statistics', ...statisticsPage },
              { path: '/services', ...servicesPage },
              { path: '/services/:id', ...serviceDetailPage },
              { path: '/services/:id/join', ...joinServicePage },
              { path: '/services/:id/board', ...boardPage },
              { path: '/services/:id/manv', ...manvPage },
              { path: '/services/:serviceId/patients/:id/edit', ...servicePatientEditPage },
              { path: '/patient-archive', ...patientArchivePage },
              { path: '/minor-treatments', ...minorTreatmentsPage },
              { path: '/minor-treatments/new', ...minorTreatmentNewPage },
              { path: '/patient-protocols', ...patientProtocolsPage },
              { path: '/patient-protocols/new', ...patientProtocolNewPage },
              { path: '/patient-protocols/edit/:id', ...protocolEditPage },
              { path: '/patient-protocols/:id', ...protocolRoute },
              { path: '/materials/used', ...materialsUsedPage },
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
