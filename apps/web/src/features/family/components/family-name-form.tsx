import { zodResolver } from '@hookform/resolvers/zod';
import { ZFamilyInfoFields } from '@kkb/core/family/schema';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

const ZFamilyNameValues = ZFamilyInfoFields.pick({ familyName: true });
type FamilyNameValues = z.output<typeof ZFamilyNameValues>;

/** The wizard's first question; the submit button is the caller's, tied by `formId`. */
export function FamilyNameForm({
  formId,
  familyName,
  onSubmit,
}: {
  formId: string;
  familyName: string;
  onSubmit: (values: FamilyNameValues) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZFamilyNameValues),
    mode: 'onTouched',
    defaultValues: { familyName },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The caller shows the failure; the form keeps what was typed.
    }
  });
  return (
    <Stack component="form" id={formId} noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      <TextField
        {...register('familyName')}
        label="Family name"
        required
        autoFocus
        autoComplete="family-name"
        error={errors.familyName !== undefined}
        helperText={errors.familyName?.message ?? 'For example "The Smiths"'}
      />
    </Stack>
  );
}
