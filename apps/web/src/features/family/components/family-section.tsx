import { zodResolver } from '@hookform/resolvers/zod';
import { ZFamilyInfoFields, type TFamilyProfile } from '@kkb/core/family/schema';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadImage } from '../api/upload-image';
import { useFeedback } from './feedback';
import { ImageUploadButton } from './image-upload-button';
import { OwnNameForm } from './own-name-form';
import { ProfileSection } from './profile-section';

const ZFamilyValues = z.object({ familyName: ZFamilyInfoFields.shape.familyName });

/** Where the family photo is stored; a new upload replaces the last one. */
const FAMILY_PHOTO_PATH = 'family/photo';

/** The family's name and photo for a member who may not change them (a caregiver). */
function FamilySummary({ profile }: { profile: TFamilyProfile }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={profile.photoURL} alt="Family photo" sx={{ width: 72, height: 72 }} />
      <div>
        <Typography variant="h6" component="p">
          {profile.familyInfo.familyName}
        </Typography>
        <Typography color="text.secondary">
          {[profile.location.city, profile.location.country].filter(Boolean).join(', ')}
        </Typography>
      </div>
    </Stack>
  );
}

/**
 * The family's name and photo (read only without `editable`), and the member's own name, which
 * every member changes for themselves (the profile's `displayName` is the reader's own).
 */
export function FamilySection({
  profile,
  editable,
}: {
  profile: TFamilyProfile;
  editable: boolean;
}) {
  return (
    <ProfileSection section="family">
      {editable ? <FamilyForm profile={profile} /> : <FamilySummary profile={profile} />}
      <OwnNameForm key={profile.displayName} name={profile.displayName} />
    </ProfileSection>
  );
}

function FamilyForm({ profile }: { profile: TFamilyProfile }) {
  const notify = useFeedback();
  const saveProfile = useUpdateProfile();
  const upload = useUploadImage();
  const [preview, setPreview] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm({
    resolver: zodResolver(ZFamilyValues),
    mode: 'onTouched',
    defaultValues: { familyName: profile.familyInfo.familyName },
  });

  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const save = handleSubmit(async ({ familyName }) => {
    try {
      const saved = await saveProfile.mutateAsync({ familyInfo: { familyName } });
      reset({ familyName: saved.familyInfo.familyName });
      notify('Family details saved');
    } catch (error) {
      notify(describeError(error), 'error');
    }
  });

  const changePhoto = async (file: File) => {
    setPreview(URL.createObjectURL(file));
    try {
      const stored = await upload.mutateAsync({ path: FAMILY_PHOTO_PATH, file });
      await saveProfile.mutateAsync({ photoURL: stored.url });
      notify('Family photo saved');
    } catch (error) {
      notify(describeError(error), 'error');
    } finally {
      setPreview(null);
    }
  };

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: 'center', mb: 3 }}
      >
        <Avatar
          src={preview ?? profile.photoURL}
          alt="Family photo"
          sx={{ width: 96, height: 96 }}
        />
        <ImageUploadButton
          label="Upload family photo"
          loading={upload.isPending}
          onFile={(file) => void changePhoto(file)}
        />
      </Stack>
      <Stack component="form" noValidate spacing={2} onSubmit={(e) => void save(e)}>
        <TextField
          {...register('familyName')}
          label="Family name"
          required
          error={errors.familyName !== undefined}
          helperText={errors.familyName?.message}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty}
          loading={saveProfile.isPending && !upload.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save family
        </Button>
      </Stack>
    </>
  );
}
