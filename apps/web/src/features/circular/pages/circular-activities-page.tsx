import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The guarded 'Circular Activities' page. It has no page frame (spec §2), so it is its own main
 * landmark; its content comes with the issue that builds this feature.
 */
export function CircularActivitiesPage() {
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h4">
        Circular Activities
      </Typography>
    </Box>
  );
}
