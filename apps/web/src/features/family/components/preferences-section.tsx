import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGE_RANGE_MAX,
  CHILD_MIN_AGE,
  ZPreferences,
  type TPreferences,
} from '@kkb/core/family/schema';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describeError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useFeedback } from './feedback';
import { ProfileSection } from './profile-section';

const SWITCHES = [
  { name: 'notifications', label: 'Notifications' },
  { name: 'weatherAlerts', label: 'Weather alerts' },
  { name: 'activityReminders', label: 'Activity reminders' },
] as const;

const TIME_CHOICES = [15, 30, 45, 60, 90, 120];

/** Notifications, privacy, units and the filters suggestions start from. */
export function PreferencesSection({ preferences }: { preferences: TPreferences }) {
  const notify = useFeedback();
  const saveProfile = useUpdateProfile();
  const ageLabelId = useId();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm({ resolver: zodResolver(ZPreferences), defaultValues: preferences });

  const save = handleSubmit(async (values) => {
    try {
      const saved = await saveProfile.mutateAsync({ preferences: values });
      reset(saved.preferences);
      notify('Preferences saved');
    } catch (error) {
      notify(describeError(error), 'error');
    }
  });

  const timeChoices = TIME_CHOICES.includes(preferences.defaultFilters.timeAvailable)
    ? TIME_CHOICES
    : [...TIME_CHOICES, preferences.defaultFilters.timeAvailable].sort((a, b) => a - b);

  return (
    <ProfileSection section="preferences">
      <Stack component="form" noValidate spacing={3} onSubmit={(e) => void save(e)}>
        <FormControl component="fieldset">
          <FormLabel component="legend">Messages</FormLabel>
          <FormGroup>
            {SWITCHES.map(({ name, label }) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <FormControlLabel
                    label={label}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(_event, checked) => field.onChange(checked)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                )}
              />
            ))}
          </FormGroup>
        </FormControl>

        <Controller
          control={control}
          name="privacy"
          render={({ field }) => (
            <TextField
              select
              label="Privacy"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              helperText="Who may see your family's activity"
            >
              <MenuItem value="family">Family: shared with your family</MenuItem>
              <MenuItem value="private">Private: only you</MenuItem>
            </TextField>
          )}
        />

        <Controller
          control={control}
          name="units"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">Units</FormLabel>
              <RadioGroup row value={field.value} onChange={field.onChange}>
                <FormControlLabel value="metric" control={<Radio />} label="Metric (°C)" />
                <FormControlLabel value="imperial" control={<Radio />} label="Imperial (°F)" />
              </RadioGroup>
            </FormControl>
          )}
        />

        <FormControl component="fieldset">
          <FormLabel component="legend">Default filters for suggestions</FormLabel>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="defaultFilters.ageRange"
              render={({ field }) => (
                <div>
                  <Typography id={ageLabelId} gutterBottom>
                    Ages {field.value[0]} to {field.value[1]}
                  </Typography>
                  <Slider
                    aria-labelledby={ageLabelId}
                    getAriaLabel={(thumb) => (thumb === 0 ? 'Youngest age' : 'Oldest age')}
                    value={field.value}
                    onChange={(_event, value) => field.onChange(value)}
                    min={CHILD_MIN_AGE}
                    max={AGE_RANGE_MAX}
                    step={1}
                    marks
                    disableSwap
                    valueLabelDisplay="auto"
                    sx={{ mx: 1, width: 'calc(100% - 16px)' }}
                  />
                </div>
              )}
            />
            <Controller
              control={control}
              name="defaultFilters.timeAvailable"
              render={({ field }) => (
                <TextField
                  select
                  label="Time available"
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                >
                  {timeChoices.map((minutes) => (
                    <MenuItem key={minutes} value={minutes}>
                      {minutes} minutes
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="defaultFilters.location"
              render={({ field }) => (
                <TextField
                  select
                  label="Indoor or outdoor"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  <MenuItem value="both">Both</MenuItem>
                  <MenuItem value="indoor">Indoor</MenuItem>
                  <MenuItem value="outdoor">Outdoor</MenuItem>
                </TextField>
              )}
            />
          </Stack>
        </FormControl>

        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty}
          loading={saveProfile.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save preferences
        </Button>
      </Stack>
    </ProfileSection>
  );
}
