import { zodResolver } from '@hookform/resolvers/zod';
import { CHILD_MAX_AGE, CHILD_MIN_AGE, ZChildCreate } from '@kkb/core/family/schema';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ageOutsideText } from '@kkb/core/activities/age-coverage';
import { useImperativeHandle, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useActivityAges } from '../api/get-activity-ages';
import type { z } from 'zod';

/** The fields a parent fills in for a child; the rules are core's. */
export const ZChildFormValues = ZChildCreate.pick({ name: true, age: true, interests: true });
export type ChildFormValues = z.output<typeof ZChildFormValues>;

const SUGGESTED_INTERESTS = [
  'art',
  'building',
  'dancing',
  'drawing',
  'music',
  'nature',
  'reading',
  'science',
  'sports',
  'stories',
];

export const EMPTY_CHILD: ChildFormValues = { name: '', age: Number.NaN, interests: [] };

/** What the setup wizard's Next asks of the form it stands beside. */
export interface ChildFormHandle {
  /** Nothing typed in any field. */
  isBlank: () => boolean;
  /** Submits as the form's own button would: true once `onSubmit` succeeded. */
  submit: () => Promise<boolean>;
}

/**
 * A child's name, age and interests. The submit button lives with the caller (a dialog's actions
 * or the wizard), tied to the form by `formId`.
 */
export function ChildForm({
  formId,
  defaultValues = EMPTY_CHILD,
  onSubmit,
  resetAfterSubmit = false,
  ref,
}: {
  formId: string;
  defaultValues?: ChildFormValues;
  onSubmit: (values: ChildFormValues) => Promise<unknown>;
  resetAfterSubmit?: boolean;
  ref?: Ref<ChildFormHandle>;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZChildFormValues),
    mode: 'onTouched',
    defaultValues,
  });

  // Ages the activities do not serve are said plainly (issue 29), from what the server has.
  const { data: coverage = null } = useActivityAges();
  const save = async (values: ChildFormValues): Promise<boolean> => {
    try {
      await onSubmit(values);
      if (resetAfterSubmit) reset(EMPTY_CHILD);
      return true;
    } catch {
      // The caller shows the failure; the form keeps what was typed.
      return false;
    }
  };
  const submit = handleSubmit(save);

  useImperativeHandle(ref, () => ({
    isBlank: () => {
      const { name, age, interests } = getValues();
      return name.trim() === '' && Number.isNaN(age) && (interests ?? []).length === 0;
    },
    submit: async () => {
      let saved = false;
      await handleSubmit(async (values) => {
        saved = await save(values);
      })();
      return saved;
    },
  }));

  return (
    <Stack component="form" id={formId} noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      <TextField
        {...register('name')}
        label="Child's name"
        required
        autoComplete="off"
        error={errors.name !== undefined}
        helperText={errors.name?.message}
      />
      <Controller
        control={control}
        name="age"
        render={({ field, fieldState }) => (
          <TextField
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            // "Not typed yet" is NaN in the form and an empty box on screen: a number input
            // given "NaN" logs a parse warning.
            value={Number.isNaN(field.value) ? '' : field.value}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
            }
            label="Age"
            type="number"
            required
            slotProps={{ htmlInput: { min: CHILD_MIN_AGE, max: CHILD_MAX_AGE, step: 1 } }}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ??
              (Number.isInteger(field.value) ? ageOutsideText(field.value, coverage) : null) ??
              `In years, ${CHILD_MIN_AGE} to ${CHILD_MAX_AGE}`
            }
          />
        )}
      />
      <Controller
        control={control}
        name="interests"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            options={SUGGESTED_INTERESTS}
            value={field.value ?? []}
            onChange={(_event, interests) =>
              field.onChange(
                [...new Set(interests.map((interest) => interest.trim()))].filter(Boolean),
              )
            }
            onBlur={field.onBlur}
            renderValue={(interests, getItemProps) =>
              interests.map((interest, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={interest} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Interests"
                error={fieldState.error !== undefined}
                helperText={
                  fieldState.error?.message ?? 'Pick or type interests; press Enter after each'
                }
              />
            )}
          />
        )}
      />
    </Stack>
  );
}
