// eslint-disable-next-line no-restricted-imports -- the one place that wraps MUI's Dialog.
import MuiDialog, { type DialogProps } from '@mui/material/Dialog';
import { useCloseOnBack } from '../../hooks/use-close-on-back';

/**
 * MUI's Dialog, closed by the phone's Back as by Escape (hooks/use-close-on-back). Every dialog
 * of the app is this one; lint keeps MUI's own out of the features.
 */
export function Dialog(props: DialogProps) {
  const { open, onClose } = props;
  useCloseOnBack(open && onClose !== undefined, () => onClose?.({}, 'escapeKeyDown'));
  return <MuiDialog {...props} />;
}
