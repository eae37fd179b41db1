import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFICATION_KIND_SWITCHES,
  ZNotificationPreferences,
  type TNotificationKindSwitch,
  type TNotificationPreferences,
} from '@kkb/core/notifications/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { PushDeviceControl } from '../../../components/push/push-device-control';
import { describeError } from '../../../lib/api-client';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { BottomSnackbar } from '../../../components/feedback/bottom-snackbar';

type TSettingsForm = TNotificationPreferences;

const KIND_SWITCHES: Readonly<Record<TNotificationKindSwitch, { label: string; help: string }>> = {
  activityReminders: {
    label: 'Activity reminders',
    help: 'At the time you pick with "Remind me" on an activity',
  },
  weatherAlerts: {
    label: 'Weather alerts',
    help: "When the day's forecast turns: storm, heavy rain, heat or frost",
  },
  achievements: { label: 'Achievements', help: 'When your family unlocks one' },
  activitySuggestions: {
    label: 'Suggestions',
    help: 'An idea to play when the family has not played for two days',
  },
  dailySummary: { label: 'Daily summary', help: 'What you played today, every evening' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <FormControl component="fieldset" sx={{ width: '100%' }}>
          <FormLabel component="legend" sx={{ typography: 'h6', color: 'text.primary', mb: 1 }}>
            {title}
          </FormLabel>
          {children}
        </FormControl>
      </CardContent>
    </Card>
  );
}

type SwitchName =
  'enabled' | TNotificationKindSwitch | `push.${TNotificationKindSwitch}` | 'quietHours.enabled';

function SwitchField({
  control,
  name,
  label,
  help,
  disabled,
  ariaLabel,
}: {
  control: Control<TSettingsForm>;
  name: SwitchName;
  label: string;
  help?: string;
  disabled?: boolean;
  /** When the visible label needs its section to be understood. */
  ariaLabel?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          disabled={disabled}
          sx={{ alignItems: 'flex-start', mr: 0, py: 0.5 }}
          label={
            <span>
              <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                {label}
              </Typography>
              {help !== undefined && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {help}
                </Typography>
              )}
            </span>
          }
          control={
            <Switch
              checked={field.value}
              onChange={(_event, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { 'aria-label': ariaLabel } }}
            />
          }
        />
      )}
    />
  );
}

function TimeField({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<TSettingsForm>;
  name: FieldPath<TSettingsForm> & ('dailySummaryTime' | 'quietHours.start' | 'quietHours.end');
  label: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          type="time"
          label={label}
          disabled={disabled}
          required
          error={fieldState.error !== undefined}
          helperText={fieldState.error && 'Enter a time of day, such as 19:00'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
      )}
    />
  );
}

/**
 * The user's notification settings: the master switch, one switch per kind, when the daily
 * summary comes, push on this device and which kinds it gets, and quiet hours. Switching
 * everything off keeps the kinds' own choices for when it is switched on again.
 */
export function NotificationSettingsForm({
  preferences,
}: {
  preferences: TNotificationPreferences;
}) {
  const save = useUpdateNotificationPreferences();
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<TSettingsForm>({
    resolver: zodResolver(ZNotificationPreferences),
    defaultValues: preferences,
  });
  const [enabled, summary, quiet] = useWatch({
    control,
    name: ['enabled', 'dailySummary', 'quietHours.enabled'],
  });
  const kinds = useWatch({ control, name: [...NOTIFICATION_KIND_SWITCHES] });

  const submit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (next) => {
        reset(next);
        setSaved(true);
      },
    });
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      <Section title="Notifications">
        <SwitchField
          control={control}
          name="enabled"
          label="Send me notifications"
          help="Off: nothing at all, whatever the choices below"
        />
      </Section>

      <Section title="What to send">
        <FormGroup>
          {NOTIFICATION_KIND_SWITCHES.map((name) => (
            <SwitchField
              key={name}
              control={control}
              name={name}
              disabled={!enabled}
              {...KIND_SWITCHES[name]}
            />
          ))}
        </FormGroup>
        <Stack sx={{ mt: 2 }}>
          <TimeField
            control={control}
            name="dailySummaryTime"
            label="Daily summary at"
            disabled={!enabled || !summary}
          />
        </Stack>
      </Section>

      <Section title="Push notifications">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Push notifications reach your phone or computer even when the app is closed.
        </Typography>
        <PushDeviceControl />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Send as push
        </Typography>
        <FormGroup>
          {NOTIFICATION_KIND_SWITCHES.map((name, index) => (
            <SwitchField
              key={name}
              control={control}
              name={`push.${name}`}
              label={KIND_SWITCHES[name].label}
              ariaLabel={`Push ${KIND_SWITCHES[name].label.toLowerCase()}`}
              disabled={!enabled || kinds[index] !== true}
            />
          ))}
        </FormGroup>
      </Section>

      <Section title="Quiet hours">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No pushes during quiet hours: what comes in then is in your notifications at once, and is
          pushed when they end unless you have read it or it is out of date by then. Times are in
          your family&apos;s time zone.
        </Typography>
        <SwitchField control={control} name="quietHours.enabled" label="Quiet hours" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TimeField control={control} name="quietHours.start" label="From" disabled={!quiet} />
          <TimeField control={control} name="quietHours.end" label="Until" disabled={!quiet} />
        </Stack>
      </Section>

      {save.isError && <Alert severity="error">{describeError(save.error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={!isDirty}
        loading={save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save settings
      </Button>
      <BottomSnackbar
        open={saved}
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
        message="Notification settings saved"
      />
    </Stack>
  );
}
