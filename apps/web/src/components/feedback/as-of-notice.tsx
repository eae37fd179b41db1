import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';
import { deferredComponent } from '../../lib/deferred-component';

const drawing = deferredComponent(
  async () => (await import('./as-of-notice-drawing')).AsOfNoticeDrawing,
);

/**
 * Says how old the saved data a page shows is ("Saved on this device, as of 10:42"), while it
 * cannot be brought up to date (offline, or the server out of reach); nothing when `since` is
 * undefined (see lib's `savedAnswersSince`). `what` names what is shown; `children` follow (by
 * default, when it will be current again). Drawn by a chunk of its own, loaded when first shown:
 * the dashboard, a first route, shows it only offline. Until that chunk is in (offline before the
 * service worker held it), the same words show plainly, without the time.
 */
export function AsOfNotice({
  since,
  what = 'Saved on this device',
  children = "It updates when you're back online.",
}: {
  since: number | undefined;
  what?: string;
  children?: ReactNode;
}) {
  if (since === undefined) return null;
  return (
    <Suspense
      fallback={
        <Typography role="status" variant="body2">
          {what}. {children}
        </Typography>
      }
    >
      <drawing.Component since={since} what={what}>
        {children}
      </drawing.Component>
    </Suspense>
  );
}
