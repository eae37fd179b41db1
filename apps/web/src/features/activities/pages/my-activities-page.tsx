import { isOwnActivityId } from '@kkb/core/activities/own-activity-id';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TUserActivity, TUserActivityMark } from '@kkb/core/activities/user-activity';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { InlineError } from '../../../components/feedback/inline-error';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { useFamily } from '../../family/api/get-family';
import { MemberAvatar } from '../../family/components/member-avatar';
import { useFamilyPermissions } from '../../family/components/use-family-permissions';
import { useAllActivities } from '../api/get-all-activities';
import { useUserActivities } from '../api/get-user-activities';
import { ActivityCard, ActivityGrid } from '../components/activity-card';
import { DeleteActivityDialog } from '../components/delete-activity-dialog';
import { OwnActivityDialog } from '../components/own-activity-dialog';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';
import { whenFirstUsed } from '../../../lib/when-first-used';

const TABS = [
  { value: 'favorites', label: 'Favourites' },
  { value: 'tried', label: 'Tried' },
  { value: 'own', label: 'Our activities' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
      <Typography color="text.secondary">{children}</Typography>
      {action}
    </Stack>
  );
}

const completionDate = whenFirstUsed(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
);

/** Who of the family last did the activity, and when: their initial, then the words. */
function LastDoneBy({ record }: { record: TUserActivity }) {
  const family = useFamily();
  if (record.completedBy === null || record.completedAt === null) return undefined;
  const name =
    family.data?.members.find((member) => member.userId === record.completedBy)?.name ??
    'A former member';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <MemberAvatar name={name} size={28} />
      <Typography variant="body2" color="text.secondary">
        Done by {name} · {completionDate().format(new Date(record.completedAt))}
      </Typography>
    </Stack>
  );
}

/**
 * Favourites or tried activities (a favourite that was done is in both), newest record first,
 * each with who last did it.
 */
function MarkedList({
  status,
  activities,
  records,
}: {
  status: TUserActivityMark;
  activities: readonly TActivity[];
  records: readonly TUserActivity[];
}) {
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  const marked = records
    .filter((record) => (status === 'favorite' ? record.favorite : record.tried))
    .flatMap((record) => {
      const activity = byId.get(record.activityId);
      return activity === undefined ? [] : [{ activity, record }];
    });
  if (marked.length === 0) {
    return (
      <EmptyState
        action={
          <Button variant="contained" component={RouterLink} to="/browse">
            Browse activities
          </Button>
        }
      >
        {status === 'favorite'
          ? 'No favourites yet. Open an activity and press Favourite to keep it here.'
          : 'Nothing tried yet. Open an activity you have played and press Mark as done or Mark as tried.'}
      </EmptyState>
    );
  }
  return (
    <ActivityGrid label={status === 'favorite' ? 'Favourite activities' : 'Tried activities'}>
      {marked.map(({ activity, record }) => (
        <li key={activity.id}>
          <ActivityCard activity={activity}>
            {record.completedBy === null ? undefined : <LastDoneBy record={record} />}
          </ActivityCard>
        </li>
      ))}
    </ActivityGrid>
  );
}

/** The family's own activities; only members who may change them (not caregivers) get the buttons. */
function OwnList({ activities }: { activities: readonly TActivity[] }) {
  const [editing, setEditing] = useState<TActivity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TActivity | null>(null);
  const editable = useFamilyPermissions().can('activities.edit');
  const own = activities.filter((activity) => isOwnActivityId(activity.id));
  return (
    <Stack spacing={2}>
      {editable && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          sx={{ alignSelf: 'flex-start' }}
        >
          New activity
        </Button>
      )}
      {own.length === 0 ? (
        <EmptyState>
          {editable
            ? "Your family's own games and ideas live here. Press New activity to add one; it then shows up in Browse and in your recommendations."
            : "Your family's own games and ideas live here. None have been added yet."}
        </EmptyState>
      ) : (
        <ActivityGrid label="Our activities">
          {own.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity}>
                {/* Above the card's stretched link, so the buttons get the clicks. */}
                {editable ? (
                  <Stack direction="row" spacing={1} sx={{ position: 'relative', zIndex: 1 }}>
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => setEditing(activity)}
                      aria-label={`Edit ${activity.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => setDeleting(activity)}
                      aria-label={`Delete ${activity.title}`}
                    >
                      Delete
                    </Button>
                  </Stack>
                ) : undefined}
              </ActivityCard>
            </li>
          ))}
        </ActivityGrid>
      )}
      {editing !== null && (
        <OwnActivityDialog
          open
          activity={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteActivityDialog activity={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** `/my-activities`: favourites, tried, and the family's own activities (create, edit, delete). */
export function MyActivitiesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === requested)
    ? (requested as TabValue)
    : 'favorites';
  const activities = useAllActivities();
  const records = useUserActivities();
  const savedSince = useSavedSince(...(tab === 'own' ? [activities] : [activities, records]));

  let panel;
  if (activities.data !== undefined && (tab === 'own' || records.data !== undefined)) {
    panel =
      tab === 'own' ? (
        <OwnList activities={activities.data} />
      ) : (
        <MarkedList
          status={tab === 'favorites' ? 'favorite' : 'tried'}
          activities={activities.data}
          records={records.data ?? []}
        />
      );
  } else if (isOfflineWithoutData(activities) || (tab !== 'own' && isOfflineWithoutData(records))) {
    panel = <NoCachedData />;
  } else if (activities.isError || records.isError) {
    panel = (
      <InlineError
        reset={() => {
          void activities.refetch();
          void records.refetch();
        }}
      />
    );
  } else {
    panel = <SkeletonGrid count={3} />;
  }

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          My Activities
        </Typography>
        <Typography color="text.secondary">
          Your favourites, what you have tried, and your family&apos;s own activities.
        </Typography>
      </div>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) =>
            setSearchParams(value === 'favorites' ? {} : { tab: value }, { replace: true })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="My activities"
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`tab-${t.value}`}
              aria-controls={`panel-${t.value}`}
              // The main blue is below 4.5:1 on the page background.
              sx={(theme) => ({ '&.Mui-selected': primaryTextSx(theme) })}
            />
          ))}
        </Tabs>
      </Box>
      <AsOfNotice since={savedSince} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {panel}
      </div>
    </Stack>
  );
}
