import { exportFileName } from '@kkb/core/account/account';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /account/export` -> the family's data as a ZIP. */
export function exportFamilyData(): Promise<DownloadedFile> {
  return apiDownload('/api/v1/account/export');
}

export function useExportFamilyData() {
  return useMutation({
    mutationFn: async () => saveFile(await exportFamilyData(), exportFileName(new Date())),
  });
}
