import { Chip, Group } from '@mantine/core';
import { vitalsDe } from '../../../i18n/vitals.de';
import type { FilterKey } from './vitalDisplay';
import { filterLabel } from './vitalDisplay';

interface ParameterFilterProps {
  available: readonly FilterKey[];
  /** Empty: every parameter. */
  value: readonly FilterKey[];
  onChange: (value: FilterKey[]) => void;
}

/** The parameter filter chips of the timeline (docs/spec/services.md §2); 'Alle' clears the choice. */
export function ParameterFilter({ available, value, onChange }: ParameterFilterProps) {
  return (
    <Group gap="xs" role="group" aria-label={vitalsDe.timeline.filterLabel}>
      <Chip size="md" checked={value.length === 0} onChange={() => onChange([])}>
        {vitalsDe.timeline.filterAll}
      </Chip>
      <Chip.Group multiple value={[...value]} onChange={(next) => onChange(available.filter((key) => next.includes(key)))}>
        {available.map((key) => (
          <Chip key={key} value={key} size="md">
            {filterLabel(key)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
