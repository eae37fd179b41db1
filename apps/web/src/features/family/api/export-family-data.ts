import { exportFileName } from '@kkb/core/account/account';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

/** `GET /account/export` -> the family's data as a ZIP. */
export function exportFamilyData(): Promise<DownloadedFile> {
  return apiDownload('/api/v1/account/export');
}

/** Hands the downloaded ZIP to the browser as a file to save. */
function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? exportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportFamilyData() {
  return useMutation({
    mutationFn: async () => saveFile(await exportFamilyData()),
  });
}
