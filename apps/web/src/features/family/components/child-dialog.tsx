import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ChildForm, type ChildFormValues } from './child-form';

/** Adding a child, or changing one (`child` given): name, age and interests. */
export function ChildDialog({
  open,
  title,
  child,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  child?: ChildFormValues;
  saving: boolean;
  onSave: (values: ChildFormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const formId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <div style={{ paddingTop: 8 }}>
          <ChildForm formId={formId} defaultValues={child} onSubmit={onSave} />
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" loading={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
