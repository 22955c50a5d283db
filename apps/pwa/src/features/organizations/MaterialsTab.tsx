import { ActionIcon, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { Material, OrganizationListItem } from '@sanidok/schema';
import { centsToEuroText } from '@sanidok/schema';
import { IconCurrencyEuro, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import { AddMaterialDialog } from './AddMaterialDialog';
import { MaterialPriceDialog } from './MaterialPriceDialog';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { ConfirmDialog, withError } from '../../components/ConfirmDialog';
import { useDeleteMaterial } from './actions';
import { canManageMaterials } from './permissions';
import { useOrganizationMaterials } from './queries';
import { describeError } from '../../lib/describeError';

const t = de.organizations;

/** 'Material': the organisation's catalogue with unit prices; only the owner adds, prices and deletes (docs/spec/accounts.md §6). */
export function MaterialsTab({ organization }: { organization: OrganizationListItem }) {
  const materials = useOrganizationMaterials(organization.id);
  const deleteMaterial = useDeleteMaterial();
  const [adding, setAdding] = useState(false);
  const [pricing, setPricing] = useState<Material | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const isOwner = canManageMaterials(organization.role);

  const askDelete = (material: Material) =>
    setConfirm({
      title: t.deleteMaterialTitle,
      text: t.deleteMaterialText(material.name),
      confirmLabel: t.deleteMaterial,
      onConfirm: () =>
        deleteMaterial.mutate(material, {
          onSuccess: () => {
            setConfirm(null);
            notifySuccess(de.organizationToasts.materialDeleted, de.organizationToasts.materialDeletedText(material.name));
          },
          onError: (error) => setConfirm((current) => withError(current, describeError(error, de.errors.generic))),
        }),
    });

  return (
    <Stack gap="md">
      {isOwner && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} disabled={organization.isBlocked}>
            {t.addMaterial}
          </Button>
        </Group>
      )}
      {materials.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {materials.isError && <Text c="red">{describeError(materials.error, de.errors.generic)}</Text>}
      {materials.data?.length === 0 && <Text c="dimmed">{t.noMaterials}</Text>}
      {materials.data && materials.data.length > 0 && (
        <Table striped verticalSpacing="sm" aria-label={t.tabMaterials}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.materialName}</Table.Th>
              <Table.Th>{t.materialUnit}</Table.Th>
              <Table.Th>{t.materialPrice}</Table.Th>
              {isOwner && <Table.Th w={120}>{t.materialActions}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {materials.data.map((material) => (
              <Table.Tr key={material.id}>
                <Table.Td>{material.name}</Table.Td>
                <Table.Td>{material.unit}</Table.Td>
                <Table.Td>{material.unitPriceCents === null ? t.materialPriceNone : centsToEuroText(material.unitPriceCents)}</Table.Td>
                {isOwner && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="xl"
                        aria-label={t.editPriceLabel(material.name)}
                        onClick={() => setPricing(material)}
                        disabled={organization.isBlocked}
                      >
                        <IconCurrencyEuro size={20} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="xl"
                        aria-label={t.deleteMaterialLabel(material.name)}
                        onClick={() => askDelete(material)}
                        disabled={organization.isBlocked}
                      >
                        <IconTrash size={20} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddMaterialDialog opened={adding} organizationId={organization.id} onClose={() => setAdding(false)} />
      {pricing && <MaterialPriceDialog material={pricing} onClose={() => setPricing(null)} />}
      <ConfirmDialog request={confirm} pending={deleteMaterial.isPending} onCancel={() => setConfirm(null)} />
    </Stack>
  );
}
