import Typography from '@mui/material/Typography';

/** The guarded 'Activity Theater' page; its content comes with the issue that builds this feature. */
export function ActivityTheaterPage() {
  return (
    <Typography component="h1" variant="h4">
      Activity Theater
    </Typography>
  );
}
