import type { TActivity } from '@kkb/core/activities/schema';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useId, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useActivities } from '../../activities/api/get-activities';
import { formatAgeRange } from '../../activities/components/activity-labels';

const RESULTS = 20;

/** Browse the activities (search as in Browse) and add one to a day of the plan. */
export function AddActivityDialog({
  open,
  dayLabel,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** 'Saturday, May 16'. */
  dayLabel: string;
  onAdd: (activity: TActivity) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const titleId = useId();
  const results = useActivities(open ? { search: deferred, limit: RESULTS } : undefined);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Add to {dayLabel}</DialogTitle>
      <DialogContent>
        <TextField
          label="Search activities"
          type="search"
          fullWidth
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mt: 1 }}
        />
        {results.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label="Searching" />}
        {results.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(results.error)}
          </Alert>
        )}
        {results.data && results.data.activities.length === 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            No activity matches “{deferred}”.
          </Alert>
        )}
        <List aria-label="Activities to add">
          {results.data?.activities.map((activity) => (
            <ListItem
              key={activity.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => onAdd(activity)}
                  aria-label={`Add ${activity.title}`}
                >
                  Add
                </Button>
              }
              sx={{ pr: 11 }}
            >
              <ListItemText
                primary={activity.title}
                secondary={`${activity.duration} min · ${formatAgeRange(activity.ageRange)}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
