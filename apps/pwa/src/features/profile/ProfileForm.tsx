import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { profileSchema } from '@sanidok/schema';
import type { PublicUser } from '@sanidok/schema';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/client';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUpdateProfile } from './actions';
import { zodForm } from '../../lib/zodForm';

interface ProfileFormProps {
  user: PublicUser;
  onDone: () => void;
}

/** Edit mode of the profile: full name and e-mail (a new one with the password); the username cannot change. */
export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm({
    resolver: zodForm(profileSchema),
    defaultValues: { fullName: user.fullName ?? '', email: user.email ?? '', currentPassword: '' },
  });
  const { errors } = form.formState;
  // A new address takes the password, and the old one is told (docs/decisions.md "Proofs a platform admin cannot forge").
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanges = email.trim() !== (user.email ?? '');

  const onSubmit = form.handleSubmit((values) =>
    // The API takes the schema's input shape: an empty string clears the e-mail address.
    updateProfile.mutate(
      { fullName: values.fullName, email: values.email ?? '', ...(emailChanges && { currentPassword: values.currentPassword ?? '' }) },
      {
        onSuccess: () => {
          notifySuccess(de.toasts.saved, de.toasts.profileUpdated);
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['fullName', 'email', 'currentPassword']);
          notifyError(de.toasts.profileUpdateFailed, errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md" maw={420}>
        <TextInput label={de.profile.username} value={user.username} readOnly disabled />
        <TextInput
          label={de.profile.fullName}
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextInput
          label={de.profile.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        {emailChanges && (
          <PasswordInput
            label={de.profile.currentPassword}
            description={de.profile.emailChangeHint}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <Group>
          <Button type="submit" loading={updateProfile.isPending}>
            {de.common.save}
          </Button>
          <Button variant="default" onClick={onDone} disabled={updateProfile.isPending}>
            {de.common.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
