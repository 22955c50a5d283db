import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { invitableRoles, inviteFormSchema, inviteInput } from '@sanidok/schema';
import { Controller, useForm } from 'react-hook-form';
import { de } from '../../i18n/de';
import { invitationsDe } from '../../i18n/invitations.de';
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
  invitee: string;
  /** null when the select was cleared: the schema then answers 'Bitte wählen Sie eine Rolle'. */
  role: InvitableRole | null;
}
interface InviteValues {
  invitee: string;
  role: InvitableRole;
}
const emptyValues: FormValues = { invitee: '', role: 'member' };
// The schema's input type allows undefined (it defaults to member) but not null; the select
// produces null when cleared, which the schema rejects with its message, as intended.
const resolver = zodForm<typeof inviteFormSchema, FormValues>(inviteFormSchema);

interface InviteMemberDialogProps {
  opened: boolean;
  organizationId: number | null;
  onClose: () => void;
}

/**
 * 'Mitglied hinzufügen' (docs/spec/accounts.md §5): a username (≥ 3) or an e-mail address, role
 * member or admin (default member); the invitation waits for an account (docs/decisions.md "Invitations that wait").
 */
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
      { organizationId, ...inviteInput(values) },
      {
        onSuccess: () => {
          notifySuccess(de.organizationToasts.invited, invitationsDe.invitedText(values.invitee.trim()));
          close();
        },
        onError: (error) => {
          // The server names the field it was sent as: username or email, both the one field here.
          applyServerFieldErrors<{ username: string; email: string }>(error, (_field, message) => form.setError('invitee', message), ['username', 'email']);
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
            label={invitationsDe.invitee}
            required
            autoComplete="off"
            error={errors.invitee?.message}
            data-autofocus
            {...form.register('invitee')}
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
            {invitationsDe.inviteHint}
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
