import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TPlanItem } from '@kkb/core/planner/schema';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { LastDone } from '../../achievements/components/last-done';
import { MarkDoneButton } from '../../achievements/components/mark-done-button';
import type { ActivityPageState } from '../../activities/components/back-link';
import { categoryName, formatWaiting } from '../../activities/components/activity-labels';

export interface ItemActions {
  onToggleLock: () => void;
  onSwap: () => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  onRemind: () => void;
}

/**
 * One planned activity: when, how long, what, for whom and why; swap, lock, move and remove;
 * start it in the theater or mark it done (once done: when, by whom and with whom). Its page and
 * its theater know the plan they came from and the item's children.
 */
export function PlanItemRow({
  item,
  who,
  done,
  first,
  last,
  swapping,
  busy,
  actions,
}: {
  item: TPlanItem;
  /** 'Noa and Eli'. */
  who: string;
  /** The family's record of the activity, when it counts as done for this item. */
  done: TUserActivity | null;
  first: boolean;
  last: boolean;
  swapping: boolean;
  /** Another change of the plan is on its way: no second one meanwhile. */
  busy: boolean;
  actions: ItemActions;
}) {
  const { activity } = item;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const location = useLocation();
  const linkState: ActivityPageState = {
    from: `${location.pathname}${location.search}`,
    childIds: item.childIds,
  };
  const waiting = formatWaiting(activity);
  const closeMenu = () => setMenuAnchor(null);
  const menuAction = (action: () => void) => () => {
    closeMenu();
    action();
  };
  return (
    <Box
      component="li"
      className="kkb-plan-item"
      sx={{
        listStyle: 'none',
        borderLeft: 4,
        borderColor: item.locked ? 'secondary.main' : 'primary.main',
        pl: 1.5,
        py: 0.5,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {item.start} · {item.minutes} min · {categoryName(activity.category)}
          </Typography>
          <Link
            component={RouterLink}
            to={`/activity/${encodeURIComponent(activity.id)}`}
            state={linkState}
            variant="subtitle1"
            underline="hover"
            sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
          >
            {activity.title}
          </Link>
          {who && <Typography variant="body2">For {who}</Typography>}
        </Box>
        <Stack direction="row" className="kkb-no-print" sx={{ flexShrink: 0 }}>
          <Tooltip title={item.locked ? 'Unlock' : 'Lock: planning again keeps it'}>
            <IconButton
              aria-label={`${item.locked ? 'Unlock' : 'Lock'} ${activity.title}`}
              aria-pressed={item.locked}
              onClick={actions.onToggleLock}
              color={item.locked ? 'secondary' : 'default'}
            >
              {item.locked ? <LockIcon /> : <LockOpenIcon />}
            </IconButton>
          </Tooltip>
          <Tooltip title="Swap for the next best">
            <span>
              <IconButton
                aria-label={`Swap ${activity.title}`}
                onClick={actions.onSwap}
                disabled={item.locked || busy}
              >
                {swapping ? <CircularProgress size={20} /> : <SwapHorizIcon />}
              </IconButton>
            </span>
          </Tooltip>
          <IconButton
            aria-label={`More for ${activity.title}`}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            disabled={busy}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={closeMenu}>
            <MenuItem onClick={menuAction(() => actions.onMove(-1))} disabled={first}>
              <ListItemIcon>
                <ArrowUpwardIcon fontSize="small" />
              </ListItemIcon>
              Move earlier
            </MenuItem>
            <MenuItem onClick={menuAction(() => actions.onMove(1))} disabled={last}>
              <ListItemIcon>
                <ArrowDownwardIcon fontSize="small" />
              </ListItemIcon>
              Move later
            </MenuItem>
            <MenuItem onClick={menuAction(actions.onRemind)}>
              <ListItemIcon>
                <NotificationsIcon fontSize="small" />
              </ListItemIcon>
              Remind me at {item.start}
            </MenuItem>
            <MenuItem onClick={menuAction(actions.onRemove)}>
              <ListItemIcon>
                <DeleteIcon fontSize="small" />
              </ListItemIcon>
              Remove
            </MenuItem>
          </Menu>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {item.why}
      </Typography>
      {waiting && (
        <Typography variant="body2" color="warning.dark" sx={{ mt: 0.5 }}>
          {waiting}
        </Typography>
      )}
      <Stack
        direction="row"
        className="kkb-no-print"
        sx={{ mt: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Button
          component={RouterLink}
          to={`/activity-theater/${encodeURIComponent(activity.id)}`}
          state={linkState}
          variant="outlined"
          size="small"
          startIcon={<PlayArrowIcon />}
          aria-label={`Start ${activity.title}`}
        >
          Start
        </Button>
        <MarkDoneButton
          activityId={activity.id}
          defaultMinutes={item.minutes}
          defaultChildIds={item.childIds}
          doneNote={done ? <LastDone record={done} variant="plan-item" /> : undefined}
        />
      </Stack>
    </Box>
  );
}
