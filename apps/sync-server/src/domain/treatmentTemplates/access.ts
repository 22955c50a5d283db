import { entityId, treatmentTemplateMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { TreatmentTemplateRow, UserRow } from '../../db/database';
import { notFound, rethrowNotFoundAs } from '../errors';
import type { OrganizationAccess } from '../organizations/policy';
import { authorize } from '../organizations/policy';

export interface TemplateAccess extends OrganizationAccess {
  template: TreatmentTemplateRow;
}

/**
 * A template and the right to maintain it (owner, admin of its organisation; not while blocked).
 * Outsiders get the template's 404, as for one that does not exist: no existence leak.
 */
export async function authorizeTemplateManagement(db: Db, templateId: unknown, user: UserRow): Promise<TemplateAccess> {
  const id = entityId.safeParse(templateId);
  const template = id.success ? await db.selectFrom('treatmentTemplates').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!template) throw notFound(treatmentTemplateMessages.notFound);
  const access = await authorize(db, template.organizationId, user, 'manageTemplates').catch(rethrowNotFoundAs(treatmentTemplateMessages.notFound));
  return { ...access, template };
}
