import { Outlet } from 'react-router';
import { PageFrame } from '../../components/shell/page-frame';
import { UserMenu } from '../../features/auth/components/user-menu';

/** Spec §2 page frame (top bar, floating background, bottom navigation) around signed-in pages. */
export function FramedLayout() {
  return (
    <PageFrame userSlot={<UserMenu />}>
      <Outlet />
    </PageFrame>
  );
}
