import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';

/** The device's own time zone, the wizard's preselection. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  // Some zones (e.g. UTC) are valid but not listed; the current one must always be choosable.
  const extra = [current, browserTimeZone()].filter((zone) => zone !== '' && !zones.includes(zone));
  return [...extra, ...zones];
}

/** A searchable list of the IANA time zones this browser knows. */
export function TimezoneField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Autocomplete
      options={options}
      value={value === '' ? null : value}
      onChange={(_event, zone) => onChange(zone ?? '')}
      onBlur={onBlur}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Timezone"
          required
          error={error !== undefined}
          helperText={error ?? 'Used for your daily streaks and reminders'}
        />
      )}
    />
  );
}
