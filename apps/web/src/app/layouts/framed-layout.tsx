import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageFrame } from '../../components/shell/page-frame';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useAuth } from '../../features/auth/components/use-auth';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { deferredComponent } from '../../lib/deferred-component';

/**
 * Push in the frame (renewal, messages in front) in a chunk of its own, after the first paint: it
 * shows nothing until a message arrives.
 */
const devicePush = deferredComponent(async () => (await import('../push/device-push')).DevicePush);

/**
 * Spec §2 page frame (top bar, floating background, bottom navigation) around signed-in pages.
 * The badge is the real unread count (DESIGN); without one (signed out, offline) it shows none.
 * Push messages that arrive while a page is open show in the frame.
 */
export function FramedLayout() {
  const signedIn = useAuth().status === 'authenticated';
  const unread = useUnreadCount({ enabled: signedIn });
  useEffect(() => devicePush.preload(), []);
  return (
    <PageFrame userSlot={<UserMenu />} unreadNotifications={signedIn ? unread.data : undefined}>
      <Outlet />
      <Suspense fallback={null}>
        <devicePush.Component />
      </Suspense>
    </PageFrame>
  );
}
