import { ActionIcon, Combobox, Group, Input, Paper, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import type { SelectedMaterial } from '@sanidok/schema';
import { addToSelection, searchMaterials, setQuantity } from '@sanidok/schema';
import { IconCheck, IconSearch, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useState } from 'react';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { QuantityInput } from './QuantityInput';

const t = minorTreatmentsDe.picker;

export interface CatalogueMaterial {
  id: number;
  name: string;
  unit: string;
}

export type SelectionUpdate = (update: (current: SelectedMaterial[]) => SelectedMaterial[]) => void;

interface MaterialPickerProps {
  /** The catalogue of the service's organisation; undefined while loading or without a service. */
  catalogue: readonly CatalogueMaterial[] | undefined;
  selection: readonly SelectedMaterial[];
  onChange: SelectionUpdate;
  /** Shown instead of the search when there is nothing to pick from yet. */
  unavailableHint?: string;
  error?: string;
}

/**
 * The material picker of every capture screen (docs/spec/services.md §2, §4): search in the organisation's
 * catalogue (at most 10 matches), the chosen list with quantities and a remove button. Rules
 * from packages/schema (materialSelection): a material chosen twice is ignored, a new one starts
 * at 1, non-numeric input becomes 1, 0 or less removes. Enter picks the highlighted match;
 * Enter on the empty search saves the form.
 */
export function MaterialPicker({ catalogue, selection, onChange, unavailableHint, error }: MaterialPickerProps) {
  const listId = useId();
  return (
    <Stack gap="xs">
      {unavailableHint ? (
        <Input.Wrapper label={t.add}>
          <Text size="sm" c="dimmed">
            {unavailableHint}
          </Text>
        </Input.Wrapper>
      ) : (
        <MaterialSearch catalogue={catalogue ?? []} chosen={selection} onPick={(m) => onChange((current) => addToSelection(current, m))} />
      )}
      {selection.length > 0 && (
        <Paper withBorder p="xs">
          <Text size="sm" fw={600} id={listId}>
            {t.selected}
          </Text>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={listId}>
            {selection.map((item) => (
              <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="xs" aria-label={item.name}>
                <Text style={{ flex: 1, minWidth: 0 }} truncate>
                  {item.name}
                  {item.unit ? (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      ({item.unit})
                    </Text>
                  ) : null}
                </Text>
                <QuantityInput name={item.name} quantity={item.quantity} onCommit={(input) => onChange((current) => setQuantity(current, item.id, input))} />
                <ActionIcon variant="subtle" color="red" size="xl" aria-label={t.remove(item.name)} onClick={() => onChange((current) => current.filter((m) => m.id !== item.id))}>
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface MaterialSearchProps {
  catalogue: readonly CatalogueMaterial[];
  chosen: readonly SelectedMaterial[];
  onPick: (material: CatalogueMaterial) => void;
}

function MaterialSearch({ catalogue, chosen, onPick }: MaterialSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const matches = useMemo(() => searchMaterials(catalogue, search), [catalogue, search]);
  const chosenIds = new Set(chosen.map((m) => m.id));

  // Typing highlights the first match, so Enter picks it; an empty search highlights nothing,
  // so Enter there reaches the form (save).
  useEffect(() => {
    if (search.trim()) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store object changes every render
  }, [search, matches]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Text typed but nothing to pick: Enter must not save the form half-done.
    if (event.key === 'Enter' && search.trim() && combobox.getSelectedOptionIndex() === -1) event.preventDefault();
  };

  return (
    <Combobox
      store={combobox}
      // No fade: the list appears and goes at once, and no animation frame work competes with saving.
      transitionProps={{ duration: 0 }}
      onOptionSubmit={(value) => {
        const material = catalogue.find((m) => String(m.id) === value);
        if (material) onPick(material);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t.add}
          placeholder={t.searchPlaceholder}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {catalogue.length === 0 ? (
            <Combobox.Empty>{t.emptyCatalogue}</Combobox.Empty>
          ) : matches.length === 0 ? (
            <Combobox.Empty>{t.nothingFound}</Combobox.Empty>
          ) : (
            matches.map((material) => (
              <Combobox.Option value={String(material.id)} key={material.id} mih={44} style={{ display: 'flex', alignItems: 'center' }}>
                <Group gap="xs" wrap="nowrap" w="100%">
                  {chosenIds.has(material.id) ? <IconCheck size={16} aria-hidden /> : null}
                  <Text size="sm" style={{ flex: 1 }}>
                    {material.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {material.unit}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
