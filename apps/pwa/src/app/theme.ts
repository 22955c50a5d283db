import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';
import { de } from '../i18n/de';

/**
 * Chromium writes a page's form-field values into the profile's session files (to restore them
 * after a crash), outside our encrypted IndexedDB: a lost tablet would give away a patient's name
 * or complaint. It skips an input whose autocomplete is off, and a textarea or select whose form
 * has autocomplete off; the latter point at the empty form of that id in index.html.
 * e2e/deviceLock.spec.ts searches every profile file for the patient's data.
 */
export const noFormStateFormId = 'sanidok-no-form-state';
const noFormState = { autoComplete: 'off' };
const noFormStateOwner = { form: noFormStateFormId };

// Shade 6 is the safety green of the app icon (#008542); white text on it meets WCAG AA.
const sani: MantineColorsTuple = [
  '#e6f6ec',
  '#c3ead2',
  '#9bdcb4',
  '#6fcd94',
  '#45bf76',
  '#1fae5c',
  '#008542',
  '#007539',
  '#00642f',
  '#004f24',
];

export const theme = createTheme({
  primaryColor: 'sani',
  primaryShade: 6,
  colors: { sani },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // Tablet-first: medium controls by default; app.css enforces the 44 px minimum.
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md', ...noFormState } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: noFormState },
    Autocomplete: { defaultProps: noFormState },
    Select: { defaultProps: noFormState },
    DateInput: { defaultProps: noFormState },
    Textarea: { defaultProps: noFormStateOwner },
    NativeSelect: { defaultProps: noFormStateOwner },
    Checkbox: { defaultProps: { size: 'md' } },
    // Toasts come with an icon-only close button that Mantine leaves unnamed.
    // The body in the text colour (Mantine's dimmed grey was 3.3:1; WCAG asks 4.5:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': de.app.closeNotification } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});
