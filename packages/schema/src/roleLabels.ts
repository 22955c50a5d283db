import type { OrganizationRole } from './organizations';

/**
 * German role names. A module without zod of its own: the PWA's shell catalogue (i18n/de.ts) needs
 * them on the landing page, where no schema is parsed and zod should not be loaded.
 */
export const roleLabels: Record<OrganizationRole, string> = { owner: 'Inhaber', admin: 'Administrator', member: 'Mitglied' };
