import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BottomSnackbar } from '../../components/feedback/bottom-snackbar';
import { groupRejections, type RejectedNote } from './rejected-notes';

const listStyle = { margin: 0, paddingInlineStart: '1.25rem' } as const;

/**
 * The note about offline changes the server did not apply (offline-sync.tsx keeps them): those
 * done in a family the member was removed from meanwhile under one message naming it, the others
 * each with its reason. It stays until closed. A chunk of its own, loaded only when there is
 * something to say, not with every page's first paint.
 */
export function RejectedActionsNote({
  notes,
  onClose,
}: {
  notes: readonly RejectedNote[];
  onClose: () => void;
}) {
  const { removals, others } = groupRejections(notes);
  return (
    <BottomSnackbar
      open={notes.length > 0}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="warning" onClose={onClose} sx={{ width: '100%', boxShadow: 6 }}>
        <Stack spacing={1.5}>
          {removals.map((removal) => (
            <div key={removal.key}>
              <AlertTitle>{removal.headline}</AlertTitle>
              <Typography variant="body2">These were not saved:</Typography>
              <ul style={listStyle}>
                {removal.notSaved.map((action) => (
                  <li key={action.key}>{action.what}</li>
                ))}
              </ul>
            </div>
          ))}
          {others.length > 0 && (
            <div>
              <AlertTitle>
                {others.length === 1
                  ? 'An offline change could not be saved'
                  : 'Some offline changes could not be saved'}
              </AlertTitle>
              <ul style={listStyle}>
                {others.map((note) => (
                  <li key={note.key}>{note.text}</li>
                ))}
              </ul>
            </div>
          )}
        </Stack>
      </Alert>
    </BottomSnackbar>
  );
}
