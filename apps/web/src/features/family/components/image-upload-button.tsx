import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Button, { type ButtonProps } from '@mui/material/Button';
import { ACCEPTED_IMAGE_TYPES } from '../api/upload-image';

/**
 * A button that opens the file picker for one image. The input sits inside the button's label,
 * so the button's text names it for assistive technology (and for tests).
 */
export function ImageUploadButton({
  label,
  onFile,
  loading,
  size,
}: {
  label: string;
  onFile: (file: File) => void;
  loading?: boolean;
  size?: ButtonProps['size'];
}) {
  return (
    <Button
      component="label"
      variant="outlined"
      size={size}
      startIcon={<PhotoCameraIcon />}
      loading={loading}
      loadingPosition="start"
    >
      {label}
      <input
        type="file"
        hidden
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so picking the same file again still counts as a change.
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </Button>
  );
}
