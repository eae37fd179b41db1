import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';

/**
 * The signed-in parent's menu under the top bar's account button. Its own chunk (MUI's Menu
 * brings Popover, Modal and focus trapping), fetched after the first paint.
 */
export function AccountMenu({
  id,
  anchor,
  onClose,
  onSignOut,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component={RouterLink} to="/dashboard" onClick={onClose}>
        Dashboard
      </MenuItem>
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        Profile Settings
      </MenuItem>
      <MenuItem onClick={onSignOut}>Logout</MenuItem>
    </Menu>
  );
}
