import type { TFamilyProfile } from '@kkb/core/family/schema';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { describeError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useFeedback } from './feedback';
import { LocationForm } from './location-form';
import { ProfileSection } from './profile-section';

/** City, region, country, the position for the weather, and the family's time zone. */
export function LocationSection({ profile }: { profile: TFamilyProfile }) {
  const formId = useId();
  const notify = useFeedback();
  const saveProfile = useUpdateProfile();
  const { location } = profile;
  return (
    <ProfileSection section="location">
      <LocationForm
        // A saved place starts the form afresh (its position note included); other sections'
        // saves leave what is being typed here alone.
        key={`${location.city}|${location.state}|${location.country}|${location.lat}|${location.lon}|${profile.familyInfo.timezone}`}
        formId={formId}
        defaultValues={{
          city: location.city,
          state: location.state,
          country: location.country,
          timezone: profile.familyInfo.timezone,
        }}
        savedCoordinates={
          location.lat !== null && location.lon !== null
            ? { lat: location.lat, lon: location.lon }
            : null
        }
        onSubmit={async (update) => {
          try {
            await saveProfile.mutateAsync(update);
            notify('Location saved');
          } catch (error) {
            notify(describeError(error), 'error');
            throw error;
          }
        }}
      >
        {({ changed }) => (
          // Nothing to save on an untouched form.
          <Button
            type="submit"
            variant="contained"
            disabled={!changed}
            loading={saveProfile.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Save location
          </Button>
        )}
      </LocationForm>
    </ProfileSection>
  );
}
