import type { FastifyPluginAsync } from 'fastify';
import { accessLogEventRoutes } from './accessLogEvents';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { adminEmailRoutes } from './adminEmail';
import { archiveRoutes } from './archive';
import { betaModeRoutes } from './betaMode';
import { boardRoutes } from './board';
import { legalRoutes } from './legal';
import { deviceKeyRoutes } from './deviceKeys';
import { healthRoutes } from './health';
import { invitationRoutes } from './invitations';
import { keyRecoveryRoutes } from './keyRecovery';
import { materialRoutes } from './materials';
import { materialUsageRoutes } from './materialUsage';
import { minorTreatmentRoutes } from './minorTreatments';
import { reportRoutes } from './reports';
import { organizationRoutes } from './organizations';
import { patientProtocolRoutes } from './patientProtocols';
import { serviceRoutes } from './services';
import { serviceTeamRoutes } from './serviceTeams';
import { sessionRoutes } from './sessions';
import { syncRoutes } from './sync';
import { twoFactorRoutes } from './twoFactor';

/**
 * Every REST resource under /api; one plugin each. Convention for plugins that only register routes
 * and hooks (nothing to await): a plain `FastifyPluginAsync` returning `Promise.resolve()`, not an
 * `async` function without `await` (eslint.config.js, strictTypeChecked: require-await).
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
  await app.register(betaModeRoutes);
  await app.register(legalRoutes);
  await app.register(organizationRoutes);
  await app.register(archiveRoutes);
  await app.register(keyRecoveryRoutes);
  await app.register(invitationRoutes);
  await app.register(materialRoutes);
  await app.register(serviceRoutes);
  await app.register(serviceTeamRoutes);
  await app.register(boardRoutes);
  await app.register(minorTreatmentRoutes);
  await app.register(materialUsageRoutes);
  await app.register(patientProtocolRoutes);
  await app.register(accessLogEventRoutes);
  await app.register(reportRoutes);
  await app.register(syncRoutes);
  await app.register(deviceKeyRoutes);
  await app.register(adminRoutes);
  await app.register(adminEmailRoutes);
};
