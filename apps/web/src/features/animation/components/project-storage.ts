import { getSessionUser } from '../../../lib/api-client';
import type { StudioDocument } from './studio-state';

/** The studio's working copy, kept in this browser so a reload never loses a stroke. */
export interface StudioDraft {
  /** This browser's own id of the project, so a late save never lands on another project. */
  projectKey: string;
  /** The server's id once saved there; null for a project not yet saved. */
  animationId: string | null;
  title: string;
  fps: number;
  loop: boolean;
  document: StudioDocument;
  /** Changed since the server last confirmed a save. */
  dirty: boolean;
}

/** One draft per signed-in user: a parent signing in on a shared tablet never gets another's. */
function draftKey(): string {
  return `kkb-animation-draft:${getSessionUser()?.id ?? 'signed-out'}`;
}

export function readDraft(): StudioDraft | null {
  try {
    const text = localStorage.getItem(draftKey());
    if (text === null) return null;
    const draft = JSON.parse(text) as StudioDraft;
    return typeof draft.projectKey === 'string' &&
      Array.isArray(draft.document?.frames) &&
      draft.document.frames.length > 0
      ? draft
      : null;
  } catch {
    return null;
  }
}

/** Keeps the draft in this browser. */
export function writeDraft(draft: StudioDraft): void {
  try {
    localStorage.setItem(draftKey(), JSON.stringify(draft));
  } catch {
    // Storage full or turned off: the server's copy, saved moments later, is then the only one.
  }
}

/** A frame's PNG (a base64 data URL, as the canvas makes it) as the bytes the server takes. */
export function pngBlob(dataUrl: string): Blob {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** A stored frame's image as a data URL, so the project never depends on an address that expires. */
export async function imageAsDataUrl(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error('A frame could not be loaded');
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('A frame could not be loaded'));
    reader.readAsDataURL(blob);
  });
}
