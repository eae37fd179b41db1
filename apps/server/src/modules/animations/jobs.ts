import type { FastifyInstance } from 'fastify';
import type { NewJob } from '../../jobs/jobs.ts';
import { sweepFrameUploads } from './service.ts';

export const FRAME_UPLOAD_SWEEP_JOB = 'animations.sweep-frame-uploads';
/** An upload no animation named goes at most this long after its day is over. */
export const FRAME_UPLOAD_SWEEP_EVERY_MS = 60 * 60_000;

function slotStart(instant: Date): Date {
  return new Date(
    Math.floor(instant.getTime() / FRAME_UPLOAD_SWEEP_EVERY_MS) * FRAME_UPLOAD_SWEEP_EVERY_MS,
  );
}

/** The sweep of one slot; keyed by the slot, so processes that each seed it make one job. */
function sweepJob(slot: Date): NewJob {
  return {
    kind: FRAME_UPLOAD_SWEEP_JOB,
    runAt: slot,
    key: `${FRAME_UPLOAD_SWEEP_JOB}:${slot.toISOString()}`,
  };
}

/**
 * The hourly sweep of frame uploads that no animation named within a day. Every process seeds it
 * at start-up; each run schedules the next one first, so the chain goes on whatever happens.
 */
export function registerFrameUploadSweep(
  app: Pick<FastifyInstance, 'database' | 'jobs' | 'clock' | 'config' | 'log' | 'addHook'>,
): void {
  const { database, jobs } = app;
  jobs.handle(FRAME_UPLOAD_SWEEP_JOB, async (_payload, { now }) => {
    await jobs.schedule(
      database.db,
      sweepJob(new Date(slotStart(now).getTime() + FRAME_UPLOAD_SWEEP_EVERY_MS)),
    );
    const removed = await sweepFrameUploads({ database, dataDir: app.config.dataDir }, now);
    if (removed > 0) app.log.info({ removed }, 'frame uploads no animation named were deleted');
  });
  app.addHook('onReady', async () => {
    await jobs.schedule(database.db, sweepJob(slotStart(app.clock.now())));
  });
}
