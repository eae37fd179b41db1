import { DEFAULT_TIME_ZONE, localDay } from '@kkb/core/achievements/calendar';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TChild } from '@kkb/core/family/schema';
import type { TSavedPlan } from '@kkb/core/planner/schema';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RequestError } from '../../../components/feedback/request-error';
import { ApiError, describeError } from '../../../lib/api-client';
import { useDeviceCatalogue } from '../../activities/api/held-catalogue';
import { useUserActivities } from '../../activities/api/get-user-activities';
import { useProfile } from '../../family/api/get-profile';
import { FeedbackProvider } from '../../family/components/feedback';
import { useFamilyPermissions } from '../../family/components/use-family-permissions';
import { useMakePlan } from '../api/make-plan';
import { useSavedPlan } from '../api/get-saved-plan';
import { PlanEditor } from '../components/plan-editor';
import type { DraftOwner } from '../../../lib/device-drafts';
import {
  NOTHING_PLANNED,
  useDraftOwner,
  useKeptNewPlan,
  useKeptPlanEdits,
} from '../components/kept-plan';
import { draftFromPlan, draftFromSaved } from '../components/plan-draft';
import { PlanForm } from '../components/plan-form';
import { PlanPrintStyles } from '../components/print-styles';
import { SavedPlansList } from '../components/saved-plans-list';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { useConnectivity } from '../../../hooks/use-connectivity';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';

interface FamilyContext {
  /** Whose unsaved plans are kept on the device; null until the family is known. */
  owner: DraftOwner | null;
  childList: readonly TChild[];
  timeZone: string;
  records: readonly TUserActivity[];
  canSave: boolean;
  onSaved: (id: string) => void;
}

/**
 * A new plan: the form, then the plan it gives. Both are kept on the device until the plan is
 * saved or discarded, so a visit to "Saved plans" or to one of its activities, or a reload,
 * finds them as they were.
 */
/**
 * Offline, with the catalogue on the device, plans are made here by the planner's rules (issue
 * 30): the page says so, and that the language model needs the network.
 */
function OfflinePlanningNote() {
  const { isOffline } = useConnectivity();
  const catalogue = useDeviceCatalogue();
  if (!isOffline || catalogue === undefined) return null;
  return (
    <Alert severity="info" className="kkb-no-print">
      You&apos;re offline, so this device plans by the planner&apos;s rules, without the weather
      forecast. Planning with the AI model needs the network.
    </Alert>
  );
}

function NewPlan({ family, defaultMinutes }: { family: FamilyContext; defaultMinutes: number }) {
  const [work, keep] = useKeptNewPlan(family.owner);
  // Each new plan is a new editor, which moves the reader to it (one kept from before does not).
  const [generation, setGeneration] = useState(0);
  const makePlan = useMakePlan();
  const { draft } = work;
  return (
    <Stack spacing={4}>
      <OfflinePlanningNote />
      <Box className="kkb-no-print">
        <PlanForm
          childList={family.childList}
          defaultMinutes={defaultMinutes}
          today={localDay(new Date().toISOString(), family.timeZone)}
          pending={makePlan.isPending}
          error={makePlan.isError ? describeError(makePlan.error) : null}
          choices={work.choices}
          onChoicesChange={(choices) => keep({ ...work, choices })}
          onPlan={(request) =>
            makePlan.mutate(request, {
              onSuccess: (plan) => {
                keep({ ...work, draft: draftFromPlan(plan, new Date().toISOString()) });
                setGeneration((n) => n + 1);
              },
            })
          }
        />
      </Box>
      {draft && (
        <PlanEditor
          key={generation}
          {...family}
          draft={draft}
          onChange={(next) => keep({ ...work, draft: next })}
          onDiscard={() => keep(NOTHING_PLANNED)}
          onSaved={(id) => {
            keep(NOTHING_PLANNED);
            family.onSaved(id);
          }}
          focusOnMount={generation > 0}
        />
      )}
    </Stack>
  );
}

function SavedPlanEditor({ saved, family }: { saved: TSavedPlan; family: FamilyContext }) {
  const [draft, keep] = useKeptPlanEdits(family.owner, saved);
  return (
    <PlanEditor
      {...family}
      draft={draft}
      onChange={keep}
      onDiscard={() => keep(draftFromSaved(saved))}
    />
  );
}

/** A saved plan, opened by its id in the address (so a reload keeps it on the page). */
function OpenedPlan({
  id,
  family,
  onNew,
}: {
  id: string;
  family: FamilyContext;
  onNew: () => void;
}) {
  const saved = useSavedPlan(id);
  const newPlan = (
    <Button
      startIcon={<AddIcon />}
      onClick={onNew}
      className="kkb-no-print"
      sx={{ alignSelf: 'flex-start' }}
    >
      New plan
    </Button>
  );
  if (isOfflineWithoutData(saved)) return <NoCachedData />;
  if (saved.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading plan" />;
  if (saved.isError) {
    const missing = saved.error instanceof ApiError && saved.error.status === 404;
    return (
      <Stack spacing={2}>
        {missing ? (
          <Alert severity="warning">This plan was not found. It may have been deleted.</Alert>
        ) : (
          <RequestError error={saved.error} retry={() => void saved.refetch()} />
        )}
        {newPlan}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {newPlan}
      <SavedPlanEditor key={saved.data.id} saved={saved.data} family={family} />
    </Stack>
  );
}

function Planner() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'saved' ? 'saved' : 'plan';
  const openId = params.get('plan');
  const profile = useProfile();
  const records = useUserActivities();
  // The children, their ages and the marks the plan is made from.
  const savedSince = useSavedSince(profile, records);
  const { can } = useFamilyPermissions();
  const owner = useDraftOwner();
  // What was kept is read as the plan mounts: again once whose it is becomes known.
  const ownerKey = owner === null ? 'nobody' : `${owner.userId}:${owner.familyId}`;

  if (profile.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading" />;
  if (profile.isError) {
    return <RequestError error={profile.error} retry={() => void profile.refetch()} />;
  }
  const childList = profile.data?.familyInfo.children ?? [];
  if (childList.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Add your children to your family profile, and the planner fits their ages.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/profile#children">
          Add a child
        </Button>
      </Stack>
    );
  }
  const family: FamilyContext = {
    owner,
    childList,
    timeZone: profile.data?.familyInfo.timezone ?? DEFAULT_TIME_ZONE,
    records: records.data ?? [],
    canSave: can('plans.edit'),
    onSaved: (id) => setParams({ plan: id }),
  };
  return (
    <Stack spacing={3}>
      <AsOfNotice since={savedSince} />
      <Tabs
        value={tab}
        onChange={(_event, value: string) => setParams(value === 'saved' ? { tab: 'saved' } : {})}
        aria-label="Planner"
        className="kkb-no-print"
      >
        <Tab value="plan" label="Plan" />
        <Tab value="saved" label="Saved plans" />
      </Tabs>
      {tab === 'saved' ? (
        <SavedPlansList canDelete={can('plans.edit')} onOpen={(id) => setParams({ plan: id })} />
      ) : openId ? (
        <OpenedPlan key={ownerKey} id={openId} family={family} onNew={() => setParams({})} />
      ) : (
        <NewPlan
          key={ownerKey}
          family={family}
          defaultMinutes={profile.data?.preferences.defaultFilters.timeAvailable ?? 30}
        />
      )}
    </Stack>
  );
}

/**
 * The AI Planner: a day or a week of play for the children, planned in a second (DESIGN,
 * Planner), then changed, saved, shared and printed.
 */
export function AiPlannerPage() {
  return (
    <FeedbackProvider>
      <PlanPrintStyles />
      <Stack spacing={1} sx={{ mb: 3 }} className="kkb-no-print">
        <Typography component="h1" variant="h4">
          AI Planner
        </Typography>
        <Typography color="text.secondary">
          Pick the days, who is playing and the time you have: the plan fits their ages, the weather
          and the daylight.
        </Typography>
      </Stack>
      <Planner />
    </FeedbackProvider>
  );
}
