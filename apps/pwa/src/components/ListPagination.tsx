import { Group, Pagination, Text } from '@mantine/core';

interface ListPaginationProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** Accessible name of the page navigation (German, from the list's texts). */
  label: string;
  /** e.g. 'Protokolle 26–50 von 1000'; without it the buttons are centred. */
  range?: string;
  /** Accessible names of the previous/next arrows where the list names them. */
  arrowLabels?: { previous: string; next: string };
}

/**
 * The page buttons under every long list: 44 px touch targets for gloved fingers on a tablet,
 * inside a labelled navigation landmark; nothing when everything fits on one page.
 */
export function ListPagination({ total, value, onChange, label, range, arrowLabels }: ListPaginationProps) {
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify={range ? 'space-between' : 'center'} wrap="wrap">
      {range && (
        <Text size="sm" c="dimmed">
          {range}
        </Text>
      )}
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        size="lg"
        siblings={1}
        getControlProps={(control) =>
          arrowLabels && (control === 'next' || control === 'previous') ? { 'aria-label': arrowLabels[control] } : {}
        }
        styles={{ control: { minWidth: 44, minHeight: 44 } }}
      />
    </Group>
  );
}
