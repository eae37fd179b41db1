import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field of a form checked as the parent leaves it (react-hook-form's `onTouched`), except when
 * they only pass through it: leaving it empty does not count as having been there, so tabbing
 * through a form (or tapping from field to field) turns nothing red. It is checked once it was
 * typed in and left, then as it changes, and with every other field when the form is sent.
 */
export function checkedOnceTyped<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...registration,
    onBlur: async (event) => {
      if ((event.target as HTMLInputElement).value === '') return;
      return registration.onBlur(event);
    },
  };
}
