import type { DownloadedFile } from './api-client';

/** Hands a downloaded file to the browser to save, under its own name or `fallbackName`. */
export function saveFile({ blob, fileName }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
