import type { TChild } from '@kkb/core/family/schema';
import AddIcon from '@mui/icons-material/Add';
import CloudSyncIcon from '@mui/icons-material/CloudSyncOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useQueuedClientIds } from '../../../hooks/use-queued-client-ids';
import { describeError } from '../../../lib/api-client';
import { useAddChild } from '../api/add-child';
import { useRemoveChild } from '../api/remove-child';
import { useUpdateChild } from '../api/update-child';
import { useUploadImage } from '../api/upload-image';
import { ChildAvatar } from './child-avatar';
import { ChildDialog } from './child-dialog';
import type { ChildFormValues } from './child-form';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { useFeedback } from './feedback';
import { ImageUploadButton } from './image-upload-button';
import { ProfileSection } from './profile-section';

type Editing = { kind: 'add' } | { kind: 'edit'; child: TChild } | null;

function ChildRow({
  child,
  waitingToSync,
  editable,
  removable,
  onEdit,
  onRemove,
}: {
  child: TChild;
  /** Added offline (or with its answer lost): listed here, not on the server yet. */
  waitingToSync: boolean;
  editable: boolean;
  removable: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const notify = useFeedback();
  const upload = useUploadImage();
  const updateChild = useUpdateChild();

  const changeAvatar = async (file: File) => {
    try {
      const stored = await upload.mutateAsync({ path: `children/${child.id}/avatar`, file });
      await updateChild.mutateAsync({ childId: child.id, update: { avatar: stored.url } });
      notify(`${child.name}'s picture saved`);
    } catch (error) {
      notify(describeError(error), 'error');
    }
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
          <ChildAvatar child={child} size={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h3" noWrap>
              {child.name}
            </Typography>
            <Typography color="text.secondary">Age {child.age}</Typography>
            {waitingToSync && (
              <Chip
                icon={<CloudSyncIcon />}
                label="Waiting to sync"
                size="small"
                variant="outlined"
                sx={{ mt: 0.5 }}
              />
            )}
            {child.interests.length > 0 && (
              <Stack
                direction="row"
                aria-label={`${child.name}'s interests`}
                sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
              >
                {child.interests.map((interest) => (
                  <Chip key={interest} label={interest} size="small" />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
        {editable && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ImageUploadButton
              label={`Picture of ${child.name}`}
              size="small"
              loading={upload.isPending || updateChild.isPending}
              onFile={(file) => void changeAvatar(file)}
            />
            <Button
              size="small"
              startIcon={<EditIcon />}
              onClick={onEdit}
              aria-label={`Edit ${child.name}`}
            >
              Edit
            </Button>
            {removable && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={onRemove}
                aria-label={`Remove ${child.name}`}
              >
                Remove
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The children: add, change, remove (after a confirmation) and a picture each. The only child
 * cannot be removed: a profile needs a child to be complete (spec §4), and a complete family is
 * never sent back to the setup wizard. Without `editable` (a caregiver) the list only shows them.
 */
export function ChildrenSection({
  childList,
  editable,
}: {
  childList: TChild[];
  editable: boolean;
}) {
  const notify = useFeedback();
  const addChild = useAddChild();
  const updateChild = useUpdateChild();
  const removeChild = useRemoveChild();
  const queued = useQueuedClientIds();
  const [editing, setEditing] = useState<Editing>(null);
  // The child stays named while the dialog fades out after closing.
  const [removing, setRemoving] = useState<TChild | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const save = async (values: ChildFormValues) => {
    try {
      if (editing?.kind === 'edit') {
        await updateChild.mutateAsync({ childId: editing.child.id, update: values });
        notify(`${values.name} saved`);
      } else {
        await addChild.mutateAsync(values);
        notify(`${values.name} added`);
      }
      setEditing(null);
    } catch (error) {
      notify(describeError(error), 'error');
      throw error;
    }
  };

  const remove = async (child: TChild) => {
    try {
      await removeChild.mutateAsync(child.id);
      notify(`${child.name} removed`);
    } catch (error) {
      notify(describeError(error), 'error');
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <ProfileSection section="children">
      {childList.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {editable
            ? 'No children yet. Add your children so suggestions fit their ages.'
            : 'No children yet.'}
        </Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, mb: 2 }} aria-label="Children">
          {childList.map((child) => (
            <ChildRow
              key={child.id}
              child={child}
              waitingToSync={queued.has(child.id)}
              editable={editable}
              removable={childList.length > 1}
              onEdit={() => setEditing({ kind: 'edit', child })}
              onRemove={() => {
                setRemoving(child);
                setConfirmOpen(true);
              }}
            />
          ))}
        </Stack>
      )}
      {editable && childList.length === 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Suggestions need at least one child, so add another child before removing this one.
        </Typography>
      )}
      {editable && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ kind: 'add' })}
        >
          Add child
        </Button>
      )}

      {editing !== null && (
        <ChildDialog
          open
          title={editing.kind === 'edit' ? `Edit ${editing.child.name}` : 'Add a child'}
          child={
            editing.kind === 'edit'
              ? {
                  name: editing.child.name,
                  age: editing.child.age,
                  interests: editing.child.interests,
                }
              : undefined
          }
          saving={addChild.isPending || updateChild.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={`Remove ${removing?.name ?? ''}?`}
        text={`${removing?.name ?? ''}'s details and preferences will be deleted. This cannot be undone.`}
        confirmLabel="Remove"
        loading={removeChild.isPending}
        onConfirm={() => {
          if (removing !== null) void remove(removing);
        }}
        onClose={() => setConfirmOpen(false)}
      />
    </ProfileSection>
  );
}
