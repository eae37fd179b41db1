import { CATEGORIES } from '@kkb/core/activities/categories';
import {
  PICTURE_ICONS,
  PICTURES,
  pictureForCategory,
  type TPictureIcon,
} from '@kkb/core/activities/pictures';
import {
  MESS_LABELS,
  MESS_LEVELS,
  PLAY_SETTINGS,
  SETTING_LABELS,
  SETTINGS_LOCATION_MESSAGE,
  settingsFitLocation,
  SKILL_LABELS,
  SKILLS,
} from '@kkb/core/activities/practical-fields';
import {
  ZActivityLocation,
  ZWeatherCondition,
  type TActivityWeather,
  ZDifficulty,
  ZEnergyLevel,
  type TActivity,
  type TMess,
} from '@kkb/core/activities/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
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
  practicalDefaultsOf,
  withChosenPracticalFields,
  ZOwnActivityForm,
  type ListField,
  type TActivityInput,
  type TOwnActivityFormValues,
} from './own-activity-form-schema';

const WEATHER_CHOICES: readonly TActivityWeather[] = ['any', ...ZWeatherCondition.options];

/** The pictures in the order of what they show, articles aside ("A bath", "Bubbles", "A cloud"). */
const PICTURE_CHOICES: readonly TPictureIcon[] = [...PICTURE_ICONS].sort((a, b) => {
  const key = (icon: TPictureIcon) => PICTURES[icon].replace(/^(a|an|the) /i, '');
  return key(a).localeCompare(key(b));
});

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

/** A list of choices toggled on and off, kept in the order they were chosen. */
function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}

/** At most this many skills (core's ZActivity: one to three, the most important first). */
const MAX_SKILLS = 3;

/**
 * Adult prep, mess, skills and places, at their defaults for what the form says so far until the
 * family changes them. A component of its own: what it watches (the materials as they are typed)
 * re-renders it alone, not the whole form.
 */
function PracticalFieldsControls({
  control,
  errors,
}: {
  control: Control<TOwnActivityFormValues, unknown, TActivityInput>;
  errors: FieldErrors<TOwnActivityFormValues>;
}) {
  const [category, location, energyLevel, materials, settings] = useWatch({
    control,
    name: ['category', 'location', 'energyLevel', 'materials', 'settings'],
  });
  const defaults = practicalDefaultsOf({ category, location, energyLevel, materials });
  const messLabelId = useId();
  const settingsValue = settings ?? defaults.settings;
  const settingsError =
    messageOf(errors.settings) ??
    (settingsFitLocation(location, settingsValue) ? undefined : SETTINGS_LOCATION_MESSAGE);
  return (
    <>
      <Controller
        name="prepMinutes"
        control={control}
        render={({ field }) => (
          <TextField
            label="Adult prep (minutes)"
            type="number"
            // Untouched: the default; emptied: nothing, which asks for a number.
            value={
              field.value === undefined
                ? defaults.prepMinutes
                : Number.isNaN(field.value)
                  ? ''
                  : field.value
            }
            onChange={(event) =>
              field.onChange(event.target.value === '' ? NaN : Number(event.target.value))
            }
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={errors.prepMinutes !== undefined}
            helperText={
              messageOf(errors.prepMinutes) ??
              'Time to gather and set things up before play starts; 0 if none'
            }
            sx={{ maxWidth: 320 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', min: 0 } }}
          />
        )}
      />
      <Controller
        name="mess"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={messLabelId}>Mess afterwards</FormLabel>
            <RadioGroup
              row
              aria-labelledby={messLabelId}
              name={field.name}
              value={field.value ?? defaults.mess}
              onChange={(event) => field.onChange(event.target.value as TMess)}
              onBlur={field.onBlur}
            >
              {MESS_LEVELS.map((mess) => (
                <FormControlLabel
                  key={mess}
                  value={mess}
                  control={<Radio />}
                  label={MESS_LABELS[mess]}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <Controller
        name="skills"
        control={control}
        render={({ field }) => {
          const chosen = field.value ?? defaults.skills;
          return (
            <FormControl component="fieldset" error={errors.skills !== undefined}>
              <FormLabel component="legend">What it helps with (one to three)</FormLabel>
              <FormGroup row>
                {SKILLS.map((skill) => {
                  const checked = chosen.includes(skill);
                  return (
                    <FormControlLabel
                      key={skill}
                      label={SKILL_LABELS[skill]}
                      control={
                        <Checkbox
                          checked={checked}
                          disabled={!checked && chosen.length >= MAX_SKILLS}
                          onChange={(event) =>
                            field.onChange(toggled(chosen, skill, event.target.checked))
                          }
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
              <FormHelperText>
                {messageOf(errors.skills) ?? 'Tick the most important first'}
              </FormHelperText>
            </FormControl>
          );
        }}
      />
      <Controller
        name="settings"
        control={control}
        render={({ field }) => (
          <FormControl component="fieldset" error={settingsError !== undefined}>
            <FormLabel component="legend">Where it can be played</FormLabel>
            <FormGroup row>
              {PLAY_SETTINGS.map((setting) => (
                <FormControlLabel
                  key={setting}
                  label={SETTING_LABELS[setting]}
                  control={
                    <Checkbox
                      checked={settingsValue.includes(setting)}
                      onChange={(event) =>
                        field.onChange(toggled(settingsValue, setting, event.target.checked))
                      }
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {settingsError ?? 'Home, car and waiting room are indoors; garden and park outdoors'}
            </FormHelperText>
          </FormControl>
        )}
      />
    </>
  );
}

/**
 * Create or edit one of the family's own activities: every field, lists one item per line,
 * checked by core's `ZActivityInput`. The practical fields (prep, mess, skills, places) show
 * their defaults until the family changes them; those left at their defaults keep following the
 * activity.
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
    const body = withChosenPracticalFields(input);
    if (activity === undefined) await create.mutateAsync(body);
    else await update.mutateAsync({ id: activity.id, input: body });
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
      // The places must suit the location: a new location checks them again.
      rules={name === 'location' ? { deps: ['settings'] } : undefined}
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
  const category = useWatch({ control, name: 'category' });
  const pictureOption = (icon: TPictureIcon | '') => (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <img
        src={`/pictures/${icon === '' ? pictureForCategory(category).icon : icon}.svg`}
        alt=""
        width={24}
        height={24}
        loading="lazy"
      />
      <span>{icon === '' ? "The category's picture" : PICTURES[icon]}</span>
    </Stack>
  );
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
            <Controller
              name="picture"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Picture"
                  value={field.value?.icon ?? ''}
                  onChange={(event) => {
                    const icon = event.target.value as TPictureIcon | '';
                    field.onChange(icon === '' ? undefined : { icon, alt: PICTURES[icon] });
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  name={field.name}
                  helperText="What the activity's card shows"
                  slotProps={{
                    select: {
                      renderValue: (icon) => pictureOption(icon as TPictureIcon | ''),
                      MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
                    },
                  }}
                >
                  <MenuItem value="">{pictureOption('')}</MenuItem>
                  {PICTURE_CHOICES.map((icon) => (
                    <MenuItem key={icon} value={icon}>
                      {pictureOption(icon)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
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
            <PracticalFieldsControls control={control} errors={errors} />
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
