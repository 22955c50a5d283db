import { Alert, Button, Loader, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { OperatorDetailField, OperatorDetails, OperatorDetailsInput } from '@sanidok/schema';
import { fieldMessages, operatorDetailFields, operatorDetailsSchema } from '@sanidok/schema';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { adminSettingsDe, de } from '../../i18n/de';
import { formatDateTime } from './format';
import { useSaveOperatorDetails } from './actions';
import { useAdminOperatorDetails } from './queries';

const t = adminSettingsDe.operator;
const multiline: ReadonlySet<OperatorDetailField> = new Set(['address', 'dataProtectionOfficer', 'supervisoryAuthority', 'processors', 'registerDetails']);
const emptyValues = Object.fromEntries(operatorDetailFields.map((field) => [field, ''])) as Record<OperatorDetailField, string>;

/** 'Betreiber': the operator named on Impressum and Datenschutz. Errors show at the fields and the form, at once. */
export function OperatorTab() {
  const details = useAdminOperatorDetails();
  if (details.isPending) return <Loader size="sm" aria-label={de.app.loading} />;
  return <OperatorForm stored={details.data?.operator ?? null} />;
}

function OperatorForm({ stored }: { stored: OperatorDetails | null }) {
  const save = useSaveOperatorDetails();
  const [values, setValues] = useState(() =>
    stored ? (Object.fromEntries(operatorDetailFields.map((field) => [field, stored[field]])) as Record<OperatorDetailField, string>) : emptyValues,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const submit = (event: React.SubmitEvent) => {
    event.preventDefault();
    setSaved(false);
    const input: OperatorDetailsInput = values;
    const parsed = operatorDetailsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(error instanceof ApiError && error.fields ? error.fields : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={adminSettingsDe.tabs.operator}>
      <Stack gap="md" maw={720}>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {operatorDetailFields.map((field) => {
          const common = {
            label: t.labels[field],
            value: values[field],
            error: errors[field],
            required: field !== 'registerDetails',
            onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [field]: event.currentTarget.value }),
          };
          return multiline.has(field) ? <Textarea key={field} {...common} rows={3} /> : <TextInput key={field} {...common} type={field === 'email' ? 'email' : 'text'} />;
        })}
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        {saved && (
          <Alert color="green" role="status">
            {t.saved}
          </Alert>
        )}
        {stored && (
          <Text size="sm" c="dimmed">
            {t.lastSaved(formatDateTime(stored.updatedAt))}
          </Text>
        )}
        <Button type="submit" loading={save.isPending} w="fit-content" mih={44}>
          {t.save}
        </Button>
      </Stack>
    </form>
  );
}
