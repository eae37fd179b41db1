import Typography from '@mui/material/Typography';

/** The guarded 'AI Planner' page; its content comes with the issue that builds this feature. */
export function AiPlannerPage() {
  return (
    <Typography component="h1" variant="h4">
      AI Planner
    </Typography>
  );
}
