import {
  FRAME_UPLOAD_NOT_FOUND_MESSAGE,
  type TAnimation,
  type TAnimationInput,
} from '@kkb/core/animation/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from '../../../lib/api-client';
import { createAnimation } from '../api/create-animation';
import { getAnimationsQueryOptions } from '../api/get-animations';
import { updateAnimation } from '../api/update-animation';
import { uploadFrame } from '../api/upload-frame';
import { pngBlob, writeDraft, type StudioDraft } from './project-storage';

export type SaveStatus =
  | { state: 'saved' }
  | { state: 'unsaved' }
  | { state: 'saving' }
  | { state: 'failed'; message: string };

/** Quiet time after the last change before the project goes to the server. */
export const AUTOSAVE_DELAY_MS = 1200;

/** Frame uploads of one project that no saved animation names yet, by frame id. */
interface StagedUploads {
  projectKey: string;
  byFrame: Map<string, { image: string; uploadId: string }>;
}

/** The server swept (or never had) an upload the save named: its drawing must be sent again. */
const isUploadGone = (error: unknown) =>
  error instanceof ApiError && error.detail === FRAME_UPLOAD_NOT_FOUND_MESSAGE;

/**
 * Saves the project: at once to this browser (every change), and to the server a moment after
 * the last change. Each frame whose drawing the server does not have yet is uploaded as PNG bytes
 * of its own, one after another, then the animation is saved naming those uploads; unchanged
 * frames are not sent. An upload is reused by the next attempt while its drawing stays the same,
 * so a failed save sends again only what changed. One save runs at a time; changes made meanwhile
 * are saved right after it.
 */
export function useAutosave(
  draft: StudioDraft,
  onSaved: (animation: TAnimation, unchanged: boolean) => void,
) {
  const queryClient = useQueryClient();
  /** The last save's outcome; between saves the draft says whether anything waits. */
  const [outcome, setStatus] = useState<SaveStatus>({ state: 'saved' });
  /** The newest draft, for a save that runs later. */
  const latest = useRef(draft);
  /** What the server holds for each frame id (the image last saved or loaded). */
  const uploaded = useRef(new Map<string, string>());
  /** Uploads made for a save that has not succeeded yet. */
  const staged = useRef<StagedUploads>({ projectKey: '', byFrame: new Map() });
  const running = useRef(false);
  const again = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  /** Counts saves asked for while another ran; each one schedules a follow-up save. */
  const [followUps, setFollowUps] = useState(0);

  /** Saves now; true once the server has the project as it was when the save started. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (running.current) {
      again.current = true;
      return false;
    }
    const snapshot = latest.current;
    if (!snapshot.dirty && snapshot.animationId !== null) return true;
    running.current = true;
    setStatus({ state: 'saving' });
    if (staged.current.projectKey !== snapshot.projectKey) {
      staged.current = { projectKey: snapshot.projectKey, byFrame: new Map() };
    }
    const { byFrame } = staged.current;
    /** The frame's upload: the one made before for this very drawing, else a new one. */
    const uploadOf = async (frame: { id: string; image: string }) => {
      const before = byFrame.get(frame.id);
      if (before?.image === frame.image) return before.uploadId;
      const { uploadId } = await uploadFrame(pngBlob(frame.image));
      byFrame.set(frame.id, { image: frame.image, uploadId });
      return uploadId;
    };
    const send = async () => {
      const frames: TAnimationInput['frames'] = [];
      for (const frame of snapshot.document.frames) {
        frames.push(
          snapshot.animationId !== null && uploaded.current.get(frame.id) === frame.image
            ? { id: frame.id }
            : { id: frame.id, uploadId: await uploadOf(frame) },
        );
      }
      const input: TAnimationInput = {
        title: snapshot.title.trim() || 'My animation',
        fps: snapshot.fps,
        loop: snapshot.loop,
        frames,
      };
      return snapshot.animationId === null
        ? createAnimation(input)
        : updateAnimation(snapshot.animationId, input);
    };
    try {
      let saved: TAnimation;
      try {
        saved = await send();
      } catch (error) {
        if (!isUploadGone(error)) throw error;
        // Uploads wait a day for their save (a tab left open offline): send the drawings again.
        byFrame.clear();
        saved = await send();
      }
      // The animation now holds every upload made for it.
      byFrame.clear();
      setStatus({ state: 'saved' });
      void queryClient.invalidateQueries(getAnimationsQueryOptions());
      // The studio may have moved on to another project meanwhile: that one is not touched.
      if (latest.current.projectKey === snapshot.projectKey) {
        uploaded.current = new Map(snapshot.document.frames.map((f) => [f.id, f.image]));
        // Changes made while this save ran are saved by the next one.
        const unchanged = latest.current === snapshot;
        writeDraft({ ...latest.current, animationId: saved.id, dirty: !unchanged });
        onSaved(saved, unchanged);
      }
      return true;
    } catch (error) {
      // A project left meanwhile (deleted, say) does not mark the current one as failed.
      setStatus(
        latest.current.projectKey === snapshot.projectKey
          ? { state: 'failed', message: describeError(error) }
          : { state: 'saved' },
      );
      return false;
    } finally {
      running.current = false;
      if (again.current) {
        again.current = false;
        setFollowUps((count) => count + 1);
      }
    }
  }, [onSaved, queryClient]);

  // Every change is written to this browser at once and scheduled for the server.
  useEffect(() => {
    latest.current = draft;
    writeDraft(draft);
    if (!draft.dirty) return undefined;
    timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [draft, saveNow]);

  useEffect(() => {
    if (followUps === 0) return undefined;
    timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [followUps, saveNow]);

  const markUploaded = useCallback((frames: { id: string; image: string }[]) => {
    uploaded.current = new Map(frames.map((f) => [f.id, f.image]));
  }, []);

  const status: SaveStatus =
    outcome.state === 'saving' || outcome.state === 'failed'
      ? outcome
      : draft.dirty
        ? { state: 'unsaved' }
        : { state: 'saved' };
  return { status, saveNow, markUploaded };
}
