import { ZInvitableRole, type TInviteCreated } from '@kkb/core/family/members';
import { ZEmail } from '@kkb/core/validation/email';
import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeError } from '../../../lib/api-client';
import { useCreateInvite } from '../api/create-invite';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './family-roles';
import { useFeedback } from './feedback';
import { whenFirstUsed } from '../../../lib/when-first-used';

/** The e-mail is optional: empty means "I will share the link myself"; else core's e-mail rule. */
const ZInviteValues = z.object({
  role: ZInvitableRole,
  email: z.string().transform((value, ctx) => {
    if (value.trim() === '') return undefined;
    const email = ZEmail.safeParse(value);
    if (email.success) return email.data;
    for (const issue of email.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});
type InviteValues = z.input<typeof ZInviteValues>;

const dateFormat = whenFirstUsed(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/** The Web Share API, where the browser has it (most phones; few desktops). */
function canShare(): boolean {
  return typeof navigator.share === 'function';
}

function CreatedInvite({ created, onDone }: { created: TInviteCreated; onDone: () => void }) {
  const notify = useFeedback();
  const { invite, link } = created;
  const role = ROLE_LABELS[invite.role].toLowerCase();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('Link copied');
    } catch {
      notify('Could not copy the link. Select it and copy it yourself.', 'error');
    }
  };

  const share = async () => {
    try {
      await navigator.share({
        title: 'Join our family on Keep Kid Busy',
        text: `Join our family on Keep Kid Busy as a ${role}:`,
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        notify('Could not share the link. Copy it instead.', 'error');
      }
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {invite.email !== null && (
            <Alert severity="success">Invitation e-mailed to {invite.email}.</Alert>
          )}
          <TextField
            label="Invitation link"
            value={link}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary">
            Whoever opens this link first can join as a {role} until{' '}
            {dateFormat().format(new Date(invite.expiresAt))}. It works once.
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              Copy link
            </Button>
            {canShare() && (
              <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
                Share
              </Button>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>Done</Button>
      </DialogActions>
    </>
  );
}

/**
 * Invites someone: pick the role, optionally an address to mail the link to; then copy or share
 * the one-time link.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const createInvite = useCreateInvite();
  const [created, setCreated] = useState<TInviteCreated | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteValues, unknown, z.output<typeof ZInviteValues>>({
    resolver: zodResolver(ZInviteValues),
    mode: 'onTouched',
    defaultValues: { role: 'parent', email: '' },
  });

  const submit = handleSubmit(async ({ role, email }) => {
    try {
      setCreated(await createInvite.mutateAsync(email === undefined ? { role } : { role, email }));
    } catch {
      // Shown above the form from the mutation's state.
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Invite to your family</DialogTitle>
      {created === null ? (
        <>
          <DialogContent>
            <Stack
              component="form"
              id={formId}
              noValidate
              spacing={2}
              onSubmit={(event) => void submit(event)}
            >
              {createInvite.isError && (
                <Alert severity="error">{describeError(createInvite.error)}</Alert>
              )}
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${formId}-role`}>Join as</FormLabel>
                    <RadioGroup {...field} aria-labelledby={`${formId}-role`}>
                      {ZInvitableRole.options.map((role) => (
                        <FormControlLabel
                          key={role}
                          value={role}
                          control={<Radio />}
                          label={
                            <span>
                              {ROLE_LABELS[role]}
                              <Typography
                                component="span"
                                variant="body2"
                                color="text.secondary"
                                sx={{ display: 'block' }}
                              >
                                {ROLE_DESCRIPTIONS[role]}
                              </Typography>
                            </span>
                          }
                          sx={{
                            alignItems: 'flex-start',
                            my: 0.5,
                            '& .MuiRadio-root': { pt: 0.5 },
                          }}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <TextField
                {...register('email')}
                label="E-mail (optional)"
                type="email"
                autoComplete="off"
                error={errors.email !== undefined}
                helperText={
                  errors.email?.message ??
                  'We e-mail the link there. Leave it empty to share the link yourself.'
                }
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              loading={createInvite.isPending}
            >
              Create invitation
            </Button>
          </DialogActions>
        </>
      ) : (
        <CreatedInvite created={created} onDone={onClose} />
      )}
    </Dialog>
  );
}
