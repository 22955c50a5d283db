import { ActionIcon, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { MinorTreatmentTemplate, OrganizationListItem } from '@sanidok/schema';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMaterials, useTreatmentTemplates } from '../../data/hooks';
import { deleteTreatmentTemplate } from '../../data/repositories/treatmentTemplates';
import { treatmentTemplatesDe } from '../../i18n/treatmentTemplates.de';
import { describeError } from '../../lib/describeError';
import { notifySuccess } from '../../lib/notify';
import { templateSelection } from './applyTemplate';
import { TemplateDialog } from './TemplateDialog';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = treatmentTemplatesDe;

/**
 * 'Behandlungsvorlagen' on the organisation page, for owner and admins (docs/decisions.md
 * "Treatment templates"): list, create, edit, delete. Reads and writes the device, like capture.
 */
export function TreatmentTemplatesTab({ organization }: { organization: OrganizationListItem }) {
  const templates = useTreatmentTemplates(organization.id);
  const catalogue = useMaterials(organization.id);
  const [editing, setEditing] = useState<MinorTreatmentTemplate | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<MinorTreatmentTemplate | null>(null);
  const locked = organization.isBlocked;
  const failure = useDialogFailure();

  const remove = async (template: MinorTreatmentTemplate) => {
    failure.clear();
    try {
      await deleteTreatmentTemplate(template.id);
      notifySuccess(t.toasts.deleted, template.name);
      setDeleting(null);
    } catch (error) {
      // The dialog stays open and says why.
      failure.fail(t.toasts.error, describeError(error, t.toasts.unknownError));
    }
  };

  const closeDelete = () => {
    failure.clear();
    setDeleting(null);
  };

  const materialsText = (template: MinorTreatmentTemplate) => {
    const chosen = templateSelection(template.materials, catalogue);
    return chosen.length === 0 ? t.noMaterials : chosen.map((m) => `${m.quantity} × ${m.name}`).join(', ');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={520}>
          {t.intro}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)} disabled={locked}>
          {t.add}
        </Button>
      </Group>
      {templates?.length === 0 && <Text c="dimmed">{t.empty}</Text>}
      {templates && templates.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="sm" aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.name}</Table.Th>
                <Table.Th>{t.columns.description}</Table.Th>
                <Table.Th>{t.columns.materials}</Table.Th>
                <Table.Th w={110}>{t.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td fw={600}>{template.name}</Table.Td>
                  <Table.Td>{template.description}</Table.Td>
                  <Table.Td>{materialsText(template)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" size="lg" aria-label={t.editLabel(template.name)} onClick={() => setEditing(template)} disabled={locked}>
                        <IconPencil size={20} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t.deleteLabel(template.name)} onClick={() => setDeleting(template)} disabled={locked}>
                        <IconTrash size={20} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TemplateDialog organizationId={organization.id} template={editing} onClose={() => setEditing(undefined)} />
      <Modal opened={deleting !== null} onClose={closeDelete} title={t.deleteTitle} closeButtonProps={{ 'aria-label': t.dialog.close }}>
        <Stack gap="md">
          <Text>{deleting ? t.deleteText(deleting.name) : ''}</Text>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDelete}>
              {t.dialog.cancel}
            </Button>
            <Button color="red" onClick={() => deleting && void remove(deleting)}>
              {t.deleteConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
