import type { SelectProps } from '@mantine/core';
import { Select } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';

interface CaptureServiceSelectProps<T extends FieldValues & { serviceId: string }> extends Pick<SelectProps, 'label' | 'placeholder' | 'size' | 'error'> {
  control: Control<T>;
  /** The services offered for capture (useCaptureServices); undefined while they load. */
  services: readonly Service[] | undefined;
  /** The organisation of the service chosen so far. */
  organizationId: number | undefined;
  /** Materials belong to an organisation: a pick in another one drops the material selection. */
  onOrganizationChange: () => void;
  autoFocus?: boolean;
}

/** The required service select of the capture dialogs (minor treatment, patient protocol). */
export function CaptureServiceSelect<T extends FieldValues & { serviceId: string }>({
  control,
  services,
  organizationId,
  onOrganizationChange,
  autoFocus,
  ...selectProps
}: CaptureServiceSelectProps<T>) {
  return (
    <Controller
      control={control}
      // Both forms name the field serviceId; react-hook-form cannot infer that from the constraint.
      name={'serviceId' as Path<T>}
      render={({ field }) => (
        <Select
          {...selectProps}
          data={(services ?? []).map((s) => ({ value: s.id, label: s.name }))}
          // The assertion picks Select's value type (string); without it Mantine infers the form's generic field type.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see the line above
          value={(field.value as string) || null}
          onChange={(value) => {
            const next = services?.find((s) => s.id === value);
            if (next?.organizationId !== organizationId) onOrganizationChange();
            field.onChange(value ?? '');
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          allowDeselect={false}
          required
          data-autofocus={autoFocus ? true : undefined}
        />
      )}
    />
  );
}
