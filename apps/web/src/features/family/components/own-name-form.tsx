import { zodResolver } from '@hookform/resolvers/zod';
import { ZAccountUpdate } from '@kkb/core/account/account';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../lib/api-client';
import { useUpdateAccount } from '../api/update-account';
import { useFeedback } from './feedback';

/**
 * The signed-in member's own name (their account's): how the app greets them and how the family
 * sees them. Every member has their own and may change it, caregivers too.
 */
export function OwnNameForm({ name }: { name: string }) {
  const notify = useFeedback();
  const rename = useUpdateAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZAccountUpdate),
    mode: 'onTouched',
    defaultValues: { name },
  });

  const save = handleSubmit(async (values) => {
    try {
      const user = await rename.mutateAsync(values);
      reset({ name: user.name });
      notify('Your name saved');
    } catch (error) {
      notify(describeError(error), 'error');
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ mt: 3 }}
      onSubmit={(event) => void save(event)}
    >
      <TextField
        {...register('name')}
        label="Your name"
        required
        autoComplete="name"
        error={errors.name !== undefined}
        helperText={
          errors.name?.message ??
          'How the app greets you and how your family sees you. Only yours: everyone has their own.'
        }
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!isDirty}
        loading={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save name
      </Button>
    </Stack>
  );
}
