import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, describeError } from '../../../lib/api-client';
import { useExportCatalogueFile } from '../api/export-catalogue-file';

/**
 * "Export as catalogue file" (issue 35): a family's own activity as a file of the app's built-in
 * catalogue, to offer to whoever keeps it. When the activity lacks what the catalogue asks, the
 * server names it, and so does this.
 */
export function ExportCatalogueFileButton({ activityId }: { activityId: string }) {
  const exportFile = useExportCatalogueFile();
  const incomplete = exportFile.error instanceof ApiError && exportFile.error.status === 422;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={exportFile.isPending}
        onClick={() => exportFile.mutate(activityId)}
      >
        Export as catalogue file
      </Button>
      {exportFile.isError && (
        <Alert severity={incomplete ? 'info' : 'error'} role="status" sx={{ maxWidth: '70ch' }}>
          {incomplete && <AlertTitle>Not ready for the catalogue yet</AlertTitle>}
          <Typography variant="body2">{describeError(exportFile.error)}</Typography>
          {incomplete && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Edit the activity in My Activities, then export it again.
            </Typography>
          )}
        </Alert>
      )}
    </Stack>
  );
}
