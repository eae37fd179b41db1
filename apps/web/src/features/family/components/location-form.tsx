import { zodResolver } from '@hookform/resolvers/zod';
import { ZFamilyInfoFields, ZProfileLocation, type TProfileUpdate } from '@kkb/core/family/schema';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FALLBACK_POSITION, readDevicePosition, type Coordinates } from './geolocation';
import { TimezoneField } from './timezone-field';

/** Core's location and timezone fields; the city is required, as completeness needs it (§4). */
const ZLocationFormValues = z.object({
  city: ZProfileLocation.shape.city.min(1, 'City is required'),
  state: ZProfileLocation.shape.state,
  country: ZProfileLocation.shape.country,
  timezone: ZFamilyInfoFields.shape.timezone,
});
export type LocationFormValues = z.output<typeof ZLocationFormValues>;

type PositionState =
  | { status: 'none' }
  | { status: 'saved' | 'granted' | 'fallback'; coordinates: Coordinates }
  | { status: 'locating' };

function formatCoordinates({ lat, lon }: Coordinates): string {
  const latitude = `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}`;
  const longitude = `${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`;
  return `${latitude}, ${longitude}`;
}

/** The profile update for what the form holds: the place, its coordinates and the time zone. */
export function locationUpdate(
  values: LocationFormValues,
  coordinates: Coordinates | null,
): TProfileUpdate {
  return {
    location: {
      city: values.city,
      state: values.state,
      country: values.country,
      lat: coordinates?.lat ?? null,
      lon: coordinates?.lon ?? null,
    },
    familyInfo: { timezone: values.timezone },
  };
}

/**
 * Where the family lives: the device's position (spec §9 geolocation, with the fallback position
 * when it cannot be read) for the weather, and always a typed city, which the profile needs.
 */
export function LocationForm({
  formId,
  defaultValues,
  savedCoordinates,
  onSubmit,
  children,
}: {
  formId: string;
  defaultValues: LocationFormValues;
  savedCoordinates: Coordinates | null;
  onSubmit: (update: TProfileUpdate) => Promise<unknown>;
  /** Drawn at the end of the form, told whether anything differs from `defaultValues`. */
  children?: (state: { changed: boolean }) => ReactNode;
}) {
  const [position, setPosition] = useState<PositionState>(
    savedCoordinates === null
      ? { status: 'none' }
      : { status: 'saved', coordinates: savedCoordinates },
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(ZLocationFormValues),
    mode: 'onTouched',
    defaultValues,
  });

  const locate = async () => {
    setPosition({ status: 'locating' });
    try {
      setPosition({ status: 'granted', coordinates: await readDevicePosition() });
    } catch {
      setPosition({ status: 'fallback', coordinates: FALLBACK_POSITION });
    }
  };

  const submit = handleSubmit(async (values) => {
    // A saved position belongs to the saved city: a family that moved gets no stale weather.
    // The fallback position is not saved either: the server finds the typed city's weather and
    // only falls back to that position when it cannot.
    const moved = values.city.trim() !== defaultValues.city.trim();
    const coordinates =
      position.status === 'granted' || (position.status === 'saved' && !moved)
        ? position.coordinates
        : null;
    try {
      await onSubmit(locationUpdate(values, coordinates));
    } catch {
      // The caller shows the failure; the form keeps what was typed.
    }
  });

  return (
    <Stack component="form" id={formId} noValidate spacing={2} onSubmit={(e) => void submit(e)}>
      <Button
        variant="outlined"
        startIcon={<MyLocationIcon />}
        onClick={() => void locate()}
        loading={position.status === 'locating'}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        Use my location
      </Button>
      <div aria-live="polite">
        {position.status === 'granted' && (
          <Alert severity="success">
            We&apos;ll use your position ({formatCoordinates(position.coordinates)}) for the
            weather. Which city is this?
          </Alert>
        )}
        {position.status === 'fallback' && (
          <Alert severity="warning">
            We couldn&apos;t read your location. Type your city below and we&apos;ll find its
            weather; if we can&apos;t, the default position (
            {formatCoordinates(position.coordinates)}) is used.
          </Alert>
        )}
        {position.status === 'saved' && (
          <Alert severity="info">
            The weather uses the saved position {formatCoordinates(position.coordinates)}. A new
            city replaces it unless you use your location again.
          </Alert>
        )}
      </div>
      <TextField
        {...register('city')}
        label="City"
        required
        autoComplete="address-level2"
        error={errors.city !== undefined}
        helperText={errors.city?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register('state')}
          label="State or region"
          autoComplete="address-level1"
          fullWidth
          error={errors.state !== undefined}
          helperText={errors.state?.message}
        />
        <TextField
          {...register('country')}
          label="Country"
          autoComplete="country-name"
          fullWidth
          error={errors.country !== undefined}
          helperText={errors.country?.message}
        />
      </Stack>
      <Controller
        control={control}
        name="timezone"
        render={({ field, fieldState }) => (
          <TimezoneField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      {children?.({
        changed: isDirty || position.status === 'granted' || position.status === 'fallback',
      })}
    </Stack>
  );
}
