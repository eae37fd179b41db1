import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { BottomSnackbar } from '../../components/feedback/bottom-snackbar';

/**
 * The note about offline changes the server refused (offline-sync.tsx keeps them): a chunk of its
 * own, loaded only when there is something to say, not with every page's first paint.
 */
export function RejectedActionsNote({
  notes,
  onClose,
}: {
  notes: readonly { key: string; text: string }[];
  onClose: () => void;
}) {
  return (
    <BottomSnackbar
      open={notes.length > 0}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="warning" onClose={onClose} sx={{ width: '100%', boxShadow: 6 }}>
        <AlertTitle>
          {notes.length === 1
            ? 'An offline change could not be saved'
            : 'Some offline changes could not be saved'}
        </AlertTitle>
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {notes.map((note) => (
            <li key={note.key}>{note.text}</li>
          ))}
        </ul>
      </Alert>
    </BottomSnackbar>
  );
}
