import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /activities/{id}/catalogue-file` -> one of the family's own activities as a catalogue file. */
export function exportCatalogueFile(activityId: string): Promise<DownloadedFile> {
  return apiDownload(`/api/v1/activities/${encodeURIComponent(activityId)}/catalogue-file`);
}

/** Downloads the file and hands it to the browser to save; a 422 says what is still missing. */
export function useExportCatalogueFile() {
  return useMutation({
    mutationFn: async (activityId: string) =>
      saveFile(await exportCatalogueFile(activityId), `${activityId}.json`),
  });
}
