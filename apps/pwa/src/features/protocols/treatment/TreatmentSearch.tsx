import { Box, Stack, Text, TextInput } from '@mantine/core';
import type { TreatmentTemplate } from '@sanidok/schema';
import { searchTreatments } from '@sanidok/schema';
import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import { treatmentDe } from '../../../i18n/treatment.de';
import { SentenceButton } from './SentenceButton';

const t = treatmentDe.search;

interface TreatmentSearchProps {
  onPick: (template: TreatmentTemplate) => void;
}

/** Search over the whole catalogue; at most 20 results are shown (docs/spec/services.md §9). */
export const TreatmentSearch = memo(function TreatmentSearch({ onPick }: TreatmentSearchProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchTreatments(deferred), [deferred]);
  const statusId = useId();
  const searching = deferred.trim().length > 0;

  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t.label}
        placeholder={t.placeholder}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        aria-describedby={searching ? statusId : undefined}
        autoComplete="off"
        size="md"
      />
      {searching && (
        <>
          <Text id={statusId} size="sm" c="dimmed" role="status">
            {results.length === 0 ? t.none : t.count(results.length)}
          </Text>
          {results.length > 0 && (
            <Box component="ul" aria-label={t.resultsLabel} m={0} p={0} style={{ listStyle: 'none' }}>
              {results.map((template) => (
                <Box component="li" key={template.id} mb={6}>
                  <SentenceButton template={template} onPick={onPick} />
                </Box>
              ))}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
});
