import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { invitableRoles, inviteMemberSchema } from '@sanidok/schema';
import { Controller, useForm } from 'react-hook-form';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import { useInviteMember } from './actions';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';
import { describeError } from '../../lib/describeError';

const t = de.organizations;
const roleOptions = invitableRoles.map((role) => ({ value: role, label: t.roles[role] }));

type InvitableRole = (typeof invitableRoles)[number];
interface FormValues {
  username: string;
  /** null when the select was cleared: the schema then answers 'Bitte wählen Sie eine Rolle'. */
  role: InvitableRole | null;
}
interface InviteValues {
  username: string;
  role: InvitableRole;
}
const emptyValues: FormValues = { username: '', role: 'member' };
// The schema's input type allows undefined (it defaults to member) but not null; the select
// produces null when cleared, which the schema rejects with its message, as intended.
const resolver = zodForm<typeof inviteMemberSchema, FormValues>(inviteMemberSchema);

interface InviteMemberDialogProps {
  opened: boolean;
  organizationId: number | null;
  onClose: () => void;
}

/** 'Mitglied hinzufügen' (docs/spec/accounts.md §5): username ≥ 3, role member or admin (default member). */
export function InviteMemberDialog({ opened, organizationId, onClose }: InviteMemberDialogProps) {
  const invite = useInviteMember();
  const form = useForm<FormValues, unknown, InviteValues>({ resolver, defaultValues: emptyValues });
  const { errors } = form.formState;
  const failure = useDialogFailure();

  const close = () => {
    failure.clear();
    form.reset(emptyValues);
    invite.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
    if (organizationId === null) {
      failure.fail(de.organizationToasts.error, de.organizationToasts.noOrganization);
      return;
    }
    invite.mutate(
      { organizationId, username: values.username, role: values.role },
      {
        onSuccess: () => {
          notifySuccess(de.organizationToasts.invited, de.organizationToasts.invitedText(values.username));
          close();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['username']);
          failure.fail(de.organizationToasts.error, describeError(error, de.organizationToasts.inviteFailed));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t.addMember} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.username}
            required
            autoComplete="off"
            error={errors.username?.message}
            data-autofocus
            {...form.register('username')}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label={t.role}
                required
                placeholder={t.rolePlaceholder}
                data={roleOptions}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.role?.message}
                size="md"
              />
            )}
          />
          <Text size="sm" c="dimmed">
            {t.inviteHint}
          </Text>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t.inviteSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
