import type { PasswordInputProps } from '@mantine/core';
import { PasswordInput } from '@mantine/core';
import type { Ref } from 'react';
import { de } from '../i18n/de';

interface PasswordFieldProps extends PasswordInputProps {
  ref?: Ref<HTMLInputElement>;
  /** A password being chosen: the policy hint below the label and the browser's new-password autofill. */
  choosing?: boolean;
}

/**
 * Every password field of the app: a named visibility toggle (screen readers say what the eye
 * does) and, for a password being chosen, the policy hint. React 19 passes `ref` as a prop, so
 * react-hook-form's `register` works as on a plain input.
 */
export function PasswordField({ choosing = false, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': de.auth.showPassword }}
      {...(choosing ? { description: de.auth.passwordHint, autoComplete: 'new-password' } : {})}
      {...props}
    />
  );
}
