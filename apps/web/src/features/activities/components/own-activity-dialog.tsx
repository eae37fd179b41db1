import { CATEGORIES } from '@kkb/core/activities/categories';
import {
  ZActivityLocation,
  ZWeatherCondition,
  type TActivityWeather,
  ZDifficulty,
  ZEnergyLevel,
  type TActivity,
} from '@kkb/core/activities/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Controller, useForm } from 'react-hook-form';
import { describeError } from '../../../lib/api-client';
import { useCreateActivity } from '../api/create-activity';
import { useUpdateActivity } from '../api/update-activity';
import {
  categoryName,
  DIFFICULTY_LABELS,
  LOCATION_LABELS,
  WEATHER_LABELS,
} from './activity-labels';
import {
  EMPTY_FORM,
  formValuesOf,
  friendlyMessage,
  ZOwnActivityForm,
  type ListField,
  type TActivityInput,
  type TOwnActivityFormValues,
} from './own-activity-form-schema';

const WEATHER_CHOICES: readonly TActivityWeather[] = ['any', ...ZWeatherCondition.options];

const LIST_LABELS: Readonly<Record<ListField, string>> = {
  materials: 'What you need',
  instructions: 'Instructions',
  tips: 'Tips',
  variations: 'Variations',
  learningObjectives: 'What children learn',
  safetyTips: 'Safety tips',
  tags: 'Tags',
};

/** The first message of a field's errors; for a list, which line it is about. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (Array.isArray(error)) {
    const index = error.findIndex((item) => item !== undefined);
    const nested = messageOf(error[index]);
    return nested === undefined ? undefined : `Line ${index + 1}: ${nested}`;
  }
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * Create or edit one of the family's own activities: every field, lists one item per line,
 * checked by core's `ZActivityInput`.
 */
export function OwnActivityDialog({
  open,
  activity,
  onClose,
}: {
  open: boolean;
  /** The activity to edit; absent to create one. */
  activity?: TActivity;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const save = activity === undefined ? create : update;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TOwnActivityFormValues, unknown, TActivityInput>({
    resolver: zodResolver(ZOwnActivityForm, { error: (issue) => friendlyMessage(issue) }),
    mode: 'onTouched',
    defaultValues: activity === undefined ? EMPTY_FORM : formValuesOf(activity),
  });

  const onSubmit = handleSubmit(async (input) => {
    if (activity === undefined) await create.mutateAsync(input);
    else await update.mutateAsync({ id: activity.id, input });
    onClose();
  });

  const textField = (name: 'title' | 'description', label: string, multiline = false) => (
    <TextField
      {...register(name)}
      label={label}
      required
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={errors[name] !== undefined}
      helperText={messageOf(errors[name])}
    />
  );

  const select = (
    name: 'category' | 'difficulty' | 'location' | 'energyLevel',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={errors[name] !== undefined}
          helperText={messageOf(errors[name])}
          sx={{ flex: 1, minWidth: 150 }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const numberField = (
    name: 'duration' | 'ageRange.0' | 'ageRange.1',
    label: string,
    error: string | undefined,
  ) => (
    <TextField
      {...register(name, { valueAsNumber: true })}
      label={label}
      type="number"
      required
      error={error !== undefined}
      helperText={error}
      sx={{ flex: 1, minWidth: 120 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  const ageError = messageOf(errors.ageRange);
  const title = activity === undefined ? 'New activity' : 'Edit activity';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="own-activity-title"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="own-activity-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError && <Alert severity="error">{describeError(save.error)}</Alert>}
            {textField('title', 'Title')}
            {textField('description', 'Description', true)}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {select(
                'category',
                'Category',
                CATEGORIES.map((c) => ({ value: c.id, label: c.name })).concat(
                  activity !== undefined && !CATEGORIES.some((c) => c.id === activity.category)
                    ? [{ value: activity.category, label: categoryName(activity.category) }]
                    : [],
                ),
              )}
              {select(
                'difficulty',
                'Difficulty',
                ZDifficulty.options.map((value) => ({ value, label: DIFFICULTY_LABELS[value] })),
              )}
              {select(
                'location',
                'Location',
                ZActivityLocation.options.map((value) => ({
                  value,
                  label: LOCATION_LABELS[value],
                })),
              )}
              {select(
                'energyLevel',
                'Energy level',
                ZEnergyLevel.options.map((value) => ({ value, label: value })),
              )}
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {numberField('duration', 'Duration (minutes)', messageOf(errors.duration))}
              {numberField('ageRange.0', 'Youngest age', ageError)}
              {numberField('ageRange.1', 'Oldest age', ageError)}
            </Stack>
            <Controller
              name="weather"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Weather it suits"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  name={field.name}
                  error={errors.weather !== undefined}
                  helperText={
                    messageOf(errors.weather) ?? 'Choose Any weather if it does not matter'
                  }
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) =>
                        (selected as TActivityWeather[]).map((w) => WEATHER_LABELS[w]).join(', '),
                    },
                  }}
                >
                  {WEATHER_CHOICES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {WEATHER_LABELS[value]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="weatherDependent"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value ?? false}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  }
                  label="Depends on the weather"
                />
              )}
            />
            {(Object.keys(LIST_LABELS) as ListField[]).map((name) => (
              <TextField
                key={name}
                {...register(name)}
                label={LIST_LABELS[name]}
                multiline
                minRows={name === 'instructions' ? 4 : 2}
                error={errors[name] !== undefined}
                helperText={messageOf(errors[name]) ?? 'One per line'}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {activity === undefined ? 'Create activity' : 'Save changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
