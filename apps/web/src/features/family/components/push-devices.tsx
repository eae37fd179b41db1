import type { TPushSubscription } from '@kkb/core/push/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { describeError } from '../../../lib/api-client';
import { onPushChange, thisDevicePushSubscriptionId } from '../../../lib/push';
import {
  getPushSubscriptionsQueryOptions,
  usePushSubscriptions,
} from '../api/get-push-subscriptions';
import { useRemovePushSubscription } from '../api/remove-push-subscription';
import { useFeedback } from './feedback';
import { PUSH_DEVICES_ANCHOR, SECTION_SCROLL_MARGIN } from './profile-sections';
import { whenFirstUsed } from '../../../lib/when-first-used';

const dateFormat = whenFirstUsed(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

function DeviceRow({
  subscription,
  isThisDevice,
  onRemove,
}: {
  subscription: TPushSubscription;
  isThisDevice: boolean;
  onRemove: () => void;
}) {
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1, listStyle: 'none' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{subscription.device}</Typography>
          {isThisDevice && <Chip label="This device" size="small" color="primary" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Since {dateFormat().format(new Date(subscription.createdAt))} · {subscription.pushService}
        </Typography>
      </Box>
      <Button
        size="small"
        color="error"
        aria-label={`Remove ${subscription.device}${isThisDevice ? ' (this device)' : ''}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </Stack>
  );
}

/**
 * Every device (browser) that gets the user's push notifications, this one marked, each with a
 * way to remove it (issue 28): a phone given away or a browser no longer used stops receiving
 * them. Removing this device also turns its switch off.
 */
export function PushDevices() {
  const headingId = useId();
  const devices = usePushSubscriptions();
  const remove = useRemovePushSubscription();
  const notify = useFeedback();
  const queryClient = useQueryClient();
  const [thisDeviceId, setThisDeviceId] = useState(thisDevicePushSubscriptionId);
  // The device stays named while the dialog fades out after closing.
  const [pending, setPending] = useState<TPushSubscription | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(
    () =>
      onPushChange(() => {
        setThisDeviceId(thisDevicePushSubscriptionId());
        void queryClient.invalidateQueries(getPushSubscriptionsQueryOptions());
      }),
    [queryClient],
  );

  const pendingIsThisDevice = pending !== null && pending.id === thisDeviceId;
  const confirm = async () => {
    if (pending === null) return;
    try {
      await remove.mutateAsync(pending.id);
      notify(
        pendingIsThisDevice
          ? 'Push notifications turned off on this device'
          : `${pending.device} removed`,
      );
    } catch (error) {
      notify(describeError(error), 'error');
    }
    setConfirmOpen(false);
  };

  const subscriptions = devices.data?.subscriptions;
  return (
    <Box id={PUSH_DEVICES_ANCHOR} sx={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h3"
        tabIndex={-1}
        sx={{ fontWeight: 600 }}
      >
        Devices with push notifications
      </Typography>
      {subscriptions === undefined ? (
        <Typography variant="body2" color="text.secondary">
          {devices.isError ? describeError(devices.error) : 'Loading your devices…'}
        </Typography>
      ) : subscriptions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet: turn push on above, on each phone or computer you use.
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ p: 0, m: 0 }}>
          {subscriptions.map((subscription) => (
            <DeviceRow
              key={subscription.id}
              subscription={subscription}
              isThisDevice={subscription.id === thisDeviceId}
              onRemove={() => {
                setPending(subscription);
                setConfirmOpen(true);
              }}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={pendingIsThisDevice ? 'Remove this device?' : `Remove ${pending?.device ?? ''}?`}
        text={
          pendingIsThisDevice
            ? 'This device stops getting push notifications. You can turn them on again with the switch above.'
            : 'That device stops getting push notifications until push is turned on again in its browser.'
        }
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
