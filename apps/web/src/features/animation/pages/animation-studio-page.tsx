import Typography from '@mui/material/Typography';

/** The guarded 'Animation Studio' page; its content comes with the issue that builds this feature. */
export function AnimationStudioPage() {
  return (
    <Typography component="h1" variant="h4">
      Animation Studio
    </Typography>
  );
}
