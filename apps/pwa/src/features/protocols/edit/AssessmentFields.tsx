import { Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProtocolClinicalField } from '@sanidok/schema';
import { diagnosisGroupLabels, diagnosisGroups, nacaLabel, nacaScores, protocolFieldLabels } from '@sanidok/schema';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import type { ProtocolEditValues } from './protocolEditForm';

const t = protocolEditDe.findings;

const nacaOptions = nacaScores.map((value) => ({ value, label: nacaLabel(value) }));
const groupOptions = diagnosisGroups.map((value) => ({ value, label: diagnosisGroupLabels[value] }));

interface CodeChoiceProps {
  form: UseFormReturn<ProtocolEditValues>;
  name: Extract<ProtocolClinicalField, 'naca' | 'diagnosisGroup'>;
  description: string;
  options: readonly { value: string; label: string }[];
  readOnly: boolean;
  columns: { base: number; sm: number };
}

/**
 * One coded field as tappable cards (44 px and more, the full German definition on each): a
 * select would hide the definitions behind a second tap. '' is "not assessed"; a button clears it.
 */
function CodeChoice({ form, name, description, options, readOnly, columns }: CodeChoiceProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          value={field.value}
          onChange={(value) => !readOnly && field.onChange(value)}
          label={protocolFieldLabels[name]}
          description={description}
          error={form.formState.errors[name]?.message}
          name={field.name}
          size="md"
        >
          <SimpleGrid cols={columns} spacing="xs" mt="xs">
            {options.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" p="xs" mih={44} disabled={readOnly}>
                <Group wrap="nowrap" gap="xs" align="center">
                  <Radio.Indicator size="sm" />
                  <Text size="sm">{option.label}</Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
          {field.value !== '' && !readOnly && (
            <Button variant="subtle" size="md" mt="xs" onClick={() => field.onChange('')}>
              {t.clear}
            </Button>
          )}
        </Radio.Group>
      )}
    />
  );
}

/** NACA score and diagnosis group (packages/schema mindCodes.ts; docs/mind.md): the DIVI protocol's assessment at the end of care. */
export function AssessmentFields({ form, readOnly }: { form: UseFormReturn<ProtocolEditValues>; readOnly: boolean }) {
  const titleId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {t.assessmentTitle}
      </Title>
      <CodeChoice form={form} name="naca" description={t.nacaHint} options={nacaOptions} readOnly={readOnly} columns={{ base: 1, sm: 2 }} />
      <CodeChoice form={form} name="diagnosisGroup" description={t.diagnosisGroupHint} options={groupOptions} readOnly={readOnly} columns={{ base: 2, sm: 4 }} />
    </Stack>
  );
}
