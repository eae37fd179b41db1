import {
  ZNotificationType,
  type TNotification,
  type TNotificationType,
} from '@kkb/core/notifications/schema';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { PageError } from '../../../components/feedback/page-error';
import { RequestError } from '../../../components/feedback/request-error';
import { useClearReadNotifications } from '../api/clear-read-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_KINDS } from '../components/notification-kinds';
import { NotificationItem } from '../components/notification-item';
import { useNow } from '../../../hooks/use-now';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';
import { useQueryParams } from '../../../hooks/use-query-params';

const KIND_PARAM = 'type';

/** The kind the URL filters by (`?type=weather_alert`); none, or an unknown one, shows all. */
function useKindFilter(): [TNotificationType | undefined, (kind?: TNotificationType) => void] {
  const [params, setParams] = useQueryParams();
  const parsed = ZNotificationType.safeParse(params.get(KIND_PARAM));
  const setKind = (kind?: TNotificationType) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (kind === undefined) next.delete(KIND_PARAM);
        else next.set(KIND_PARAM, kind);
        return next;
      },
      { replace: true },
    );
  return [parsed.success ? parsed.data : undefined, setKind];
}

function KindFilter({
  kind,
  onChange,
}: {
  kind: TNotificationType | undefined;
  onChange: (kind?: TNotificationType) => void;
}) {
  const chips: { value: TNotificationType | undefined; label: string }[] = [
    { value: undefined, label: 'All' },
    ...ZNotificationType.options.map((value) => ({
      value,
      label: NOTIFICATION_KINDS[value].label,
    })),
  ];
  return (
    <Stack role="group" aria-label="Show" direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {chips.map(({ value, label }) => {
        const selected = value === kind;
        return (
          <Chip
            key={label}
            label={label}
            clickable
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChange(value)}
          />
        );
      })}
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-label="Loading notifications">
      {[0, 1, 2, 3].map((row) => (
        <Stack key={row} direction="row" spacing={1.5} sx={{ p: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="30%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

function EmptyState({ kind, onShowAll }: { kind?: TNotificationType; onShowAll: () => void }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <NotificationsNoneIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {kind === undefined
          ? 'No notifications yet'
          : `Nothing under ${NOTIFICATION_KINDS[kind].label}`}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {kind === undefined
          ? 'Reminders, weather alerts, achievements and ideas for what to play will show up here.'
          : 'Other kinds of notifications may be waiting under All.'}
      </Typography>
      {kind !== undefined && (
        <Button onClick={onShowAll} sx={{ mt: 1 }}>
          Show all
        </Button>
      )}
    </Stack>
  );
}

/**
 * `/notifications`: newest first, 50 at a time with "Load more", filtered by kind. Read, delete,
 * mark all read and clear the read ones; a notification with a link opens it (and is read).
 * Failed actions are undone without a message (spec §7 swallows them).
 */
export function NotificationsPage() {
  const [kind, setKind] = useKindFilter();
  const list = useNotifications(kind);
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const clearRead = useClearReadNotifications();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const now = useNow();
  const savedSince = useSavedSince(list, unread);

  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = unread.data ?? notifications.filter((n) => !n.read).length;
  const anyRead = notifications.some((n) => n.read);

  const open = (notification: TNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
  };

  let content;
  if (list.data !== undefined) {
    content =
      notifications.length === 0 ? (
        <EmptyState kind={kind} onShowAll={() => setKind(undefined)} />
      ) : (
        <Stack
          component="ul"
          aria-label="Notifications"
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={open}
              onMarkRead={(n) => markRead.mutate(n.id)}
              onDelete={(n) => remove.mutate(n.id)}
            />
          ))}
        </Stack>
      );
  } else if (list.isError) {
    content = <PageError reset={() => void list.refetch()} />;
  } else if (isOfflineWithoutData(list)) {
    content = <NoCachedData />;
  } else {
    content = <ListSkeleton />;
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography component="h1" variant="h4">
            Notifications
          </Typography>
          {unread.data !== undefined && (
            <Typography color="text.secondary">
              {unreadCount === 0 ? 'All caught up' : `${unreadCount} unread`}
            </Typography>
          )}
        </Box>
        <IconButton
          component={RouterLink}
          to="/notifications/settings"
          aria-label="Notification settings"
        >
          <SettingsIcon />
        </IconButton>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DoneAllIcon />}
          disabled={unreadCount === 0}
          onClick={() => markAllRead.mutate()}
        >
          Mark all as read
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          disabled={!anyRead}
          onClick={() => setConfirmingClear(true)}
        >
          Clear read
        </Button>
      </Stack>

      <KindFilter kind={kind} onChange={setKind} />

      <AsOfNotice since={savedSince} what="Your notifications as you last saw them" />

      {content}

      {list.isFetchNextPageError && (
        <RequestError error={list.error} retry={() => void list.fetchNextPage()} />
      )}
      {list.hasNextPage && !list.isFetchNextPageError && (
        <Button
          variant="outlined"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}

      <ConfirmDialog
        open={confirmingClear}
        title="Clear read notifications?"
        text="Every notification you have read goes for good. Unread ones stay."
        confirmLabel="Clear read"
        onConfirm={() => {
          setConfirmingClear(false);
          clearRead.mutate();
        }}
        onClose={() => setConfirmingClear(false)}
      />
    </Stack>
  );
}
