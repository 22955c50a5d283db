import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { adminDe } from '../../i18n/de';

/** The search box above a table; the parent debounces and sends it as ?search= to the server. */
export function AdminSearch({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={adminDe.search.placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="search"
      maw={420}
    />
  );
}
