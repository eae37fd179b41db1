import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** The page error card (spec §2); Refresh Page renders the page again. */
export function PageError({ reset }: { reset: () => void }) {
  return (
    <Card role="alert" sx={{ maxWidth: 560, mx: 'auto', my: 4 }}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Page Error
        </Typography>
        <Typography color="text.secondary">
          This page encountered an error. Please try refreshing.
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={reset}>
          Refresh Page
        </Button>
      </CardActions>
    </Card>
  );
}
