import { Accordion, NativeSelect, Stack } from '@mantine/core';
import type { TreatmentSchemaId, TreatmentTemplate } from '@sanidok/schema';
import { treatmentCatalog, treatmentSchemaIds } from '@sanidok/schema';
import { memo, useState } from 'react';
import { treatmentDe } from '../../../i18n/treatment.de';
import { SentenceButton } from './SentenceButton';

const t = treatmentDe.catalogue;

const isSchemaId = (value: string): value is TreatmentSchemaId => (treatmentSchemaIds as readonly string[]).includes(value);

interface CatalogueBrowserProps {
  onPick: (template: TreatmentTemplate) => void;
}

/** Schema → categories → preset sentences (docs/spec/services.md §3); xABCDE comes first, as it is worked through. */
export const CatalogueBrowser = memo(function CatalogueBrowser({ onPick }: CatalogueBrowserProps) {
  const [schemaId, setSchemaId] = useState<TreatmentSchemaId>('xabcde');
  const schema = treatmentCatalog.find((s) => s.id === schemaId) ?? treatmentCatalog[0];
  const [openCategory, setOpenCategory] = useState<string | null>(schema?.categories[0]?.id ?? null);
  if (!schema) return null;

  const chooseSchema = (value: string) => {
    if (!isSchemaId(value)) return;
    setSchemaId(value);
    setOpenCategory(treatmentCatalog.find((s) => s.id === value)?.categories[0]?.id ?? null);
  };

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t.schema}
        value={schemaId}
        onChange={(event) => chooseSchema(event.currentTarget.value)}
        data={treatmentCatalog.map((s) => ({ value: s.id, label: s.name }))}
        size="md"
      />
      <Accordion value={openCategory} onChange={setOpenCategory} variant="separated" aria-label={t.categoriesLabel(schema.name)}>
        {schema.categories.map((category) => (
          <Accordion.Item key={`${schema.id}.${category.id}`} value={category.id}>
            <Accordion.Control>{category.name}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap={6}>
                {category.treatments.map((template) => (
                  <SentenceButton key={template.id} template={template} onPick={onPick} />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
});
