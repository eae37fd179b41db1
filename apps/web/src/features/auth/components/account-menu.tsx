import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '../api/logout';

/**
 * The signed-in parent's menu under the top bar's account button. Its own chunk (MUI's Menu
 * brings Popover, Modal and focus trapping; signing out brings the offline queue), fetched after
 * the first paint.
 */
export function AccountMenu({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = async () => {
    onClose();
    // Signed out here even when the server cannot be reached (useLogout clears regardless).
    await logout.mutateAsync().catch(() => undefined);
    await navigate('/login', { replace: true });
  };
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component={RouterLink} to="/dashboard" onClick={onClose}>
        Dashboard
      </MenuItem>
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        Profile Settings
      </MenuItem>
      <MenuItem onClick={() => void signOut()}>Logout</MenuItem>
    </Menu>
  );
}
