import type { TActivity } from '@kkb/core/activities/schema';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TChild } from '@kkb/core/family/schema';
import { isPlanItemDone } from '@kkb/core/planner/done';
import { addActivity, moveItem, replanChange, swapChange } from '@kkb/core/planner/edit';
import { zonedInstant } from '@kkb/core/time/wall-clock';
import { childrenCovered } from '@kkb/core/planner/plan';
import { clockMinutes, type TPlanItem } from '@kkb/core/planner/schema';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PrintIcon from '@mui/icons-material/Print';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import ShareIcon from '@mui/icons-material/Share';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { describeError } from '../../../lib/api-client';
import { useFeedback } from '../../family/components/feedback';
import { useCreateActivityReminder } from '../../activities/api/create-activity-reminder';
import { useMakePlan } from '../api/make-plan';
import { useSavePlan } from '../api/save-plan';
import { useUpdateSavedPlan } from '../api/update-saved-plan';
import { AddActivityDialog } from './add-activity-dialog';
import { PlanDayCard } from './plan-day-card';
import { SavePlanDialog } from './save-plan-dialog';
import { changeRequest, savedInput, withDay, withPlan, type PlanDraft } from './plan-draft';
import { childrenLabel, formatPlanDay, planAsText, plannedByLabel } from './plan-format';
import { sharePlanText } from './share-plan';

const SHARE_MESSAGES = {
  shared: null,
  cancelled: null,
  copied: 'Plan copied: paste it into a message',
  failed: 'Sharing did not work on this device',
} as const;

/**
 * The plan on the page and everything a parent does with it: swap, lock, move, remove and add
 * activities, plan the rest again, save, share and print. The draft lives with the caller.
 */
export function PlanEditor({
  draft,
  onChange,
  onDiscard,
  childList,
  timeZone,
  records,
  canSave,
  onSaved,
  focusOnMount = false,
}: {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  /** Drops the plan (a new one) or its unsaved changes (a saved one). */
  onDiscard: () => void;
  childList: readonly TChild[];
  timeZone: string;
  records: readonly TUserActivity[];
  canSave: boolean;
  onSaved: (id: string) => void;
  /** Move the reader to the plan when it appears (a new plan below the long form). */
  focusOnMount?: boolean;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'start' });
  }, [focusOnMount]);
  const notify = useFeedback();
  const makePlan = useMakePlan();
  const reminder = useCreateActivityReminder();
  const save = useSavePlan();
  const update = useUpdateSavedPlan();
  const [swapping, setSwapping] = useState<{ day: number; item: number } | null>(null);
  const [addingTo, setAddingTo] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const isNew = draft.savedId === null;
  const { plan } = draft;
  const names = new Map(childList.map((c) => [c.id, c.name]));
  const busy = makePlan.isPending;

  const swap = (day: number, item: number) => {
    const change = swapChange(plan, day, item, draft.avoided);
    setSwapping({ day, item });
    makePlan.mutate(changeRequest(draft, change), {
      onSuccess: (next) => onChange(withPlan(draft, next, change.avoid)),
      onError: (error) => notify(describeError(error), 'error'),
      onSettled: () => setSwapping(null),
    });
  };

  const planAgain = () => {
    makePlan.mutate(changeRequest(draft, replanChange(plan)), {
      onSuccess: (next) => onChange(withPlan(draft, next, draft.avoided)),
      onError: (error) => notify(describeError(error), 'error'),
    });
  };

  const remind = (date: string, item: TPlanItem) => {
    const who = childrenLabel(item.childIds, names);
    reminder.mutate(
      {
        activity_name: item.activity.title,
        scheduled_time: zonedInstant(date, clockMinutes(item.start), timeZone),
        activity_id: item.activity.id,
        ...(who && { child_name: who.slice(0, 100) }),
      },
      {
        onSuccess: ({ status }) =>
          notify(
            status === 'switched_off'
              ? 'Activity reminders are turned off in your notification settings'
              : status === 'scheduled'
                ? `We'll remind you at ${item.start} on ${formatPlanDay(date)}`
                : `Reminder sent: ${item.activity.title}`,
            status === 'switched_off' ? 'info' : 'success',
          ),
        onError: (error) => notify(describeError(error), 'error'),
      },
    );
  };

  const actionsFor = (dayIndex: number) => (itemIndex: number) => {
    const day = plan.days[dayIndex]!;
    const setItems = (items: typeof day.items) =>
      onChange(withDay(draft, dayIndex, { ...day, items }));
    return {
      onToggleLock: () =>
        setItems(day.items.map((it, i) => (i === itemIndex ? { ...it, locked: !it.locked } : it))),
      onSwap: () => swap(dayIndex, itemIndex),
      onMove: (direction: -1 | 1) => setItems(moveItem(day.items, itemIndex, direction)),
      onRemove: () => setItems(day.items.filter((_, i) => i !== itemIndex)),
      onRemind: () => remind(day.date, day.items[itemIndex]!),
    };
  };

  const add = (activity: TActivity) => {
    if (addingTo === null) return;
    const day = plan.days[addingTo]!;
    const playing = childList.filter((c) => plan.childIds.includes(c.id));
    const covered = childrenCovered(playing, activity.ageRange);
    // The parent's choice stands even when the ages do not fit: then it is for everyone playing.
    const childIds = (covered.length > 0 ? covered : playing).map((c) => c.id);
    onChange(withDay(draft, addingTo, addActivity(day, activity, childIds)));
    setAddingTo(null);
    notify(`${activity.title} added`);
  };

  const saveAs = (title: string) => {
    save.mutate(savedInput(draft, title), {
      onSuccess: (saved) => {
        setNaming(false);
        notify('Plan saved');
        onSaved(saved.id);
      },
    });
  };

  const saveChanges = (savedId: string) => {
    update.mutate(
      { id: savedId, input: savedInput(draft, draft.title) },
      {
        onSuccess: () => {
          onChange({ ...draft, dirty: false });
          notify('Changes saved');
        },
        onError: (error) => notify(describeError(error), 'error'),
      },
    );
  };

  const share = async () => {
    const outcome = await sharePlanText(draft.title, planAsText(draft.title, plan, names));
    const message = SHARE_MESSAGES[outcome];
    if (message) notify(message, outcome === 'failed' ? 'error' : 'success');
  };

  const itemCount = plan.days.reduce((sum, day) => sum + day.items.length, 0);

  return (
    <Stack spacing={2} component="section" aria-labelledby="plan-title">
      <Box>
        <Typography
          ref={titleRef}
          id="plan-title"
          variant="h5"
          component="h2"
          tabIndex={-1}
          // Clear of the fixed top bar when scrolled to.
          sx={{ scrollMarginTop: 88 }}
        >
          {draft.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          For {childrenLabel(plan.childIds, names)} · {itemCount}{' '}
          {itemCount === 1 ? 'activity' : 'activities'}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            icon={<AutoAwesomeIcon />}
            label={plannedByLabel(plan)}
            size="small"
            color={plan.plannedBy === 'model' ? 'secondary' : 'default'}
          />
          <Chip
            label={isNew ? 'Not saved' : draft.dirty ? 'Unsaved changes' : 'Saved'}
            size="small"
            variant="outlined"
            // MUI's warning orange is too light for small text on the page (WCAG contrast).
            color={isNew || draft.dirty ? 'default' : 'success'}
          />
        </Stack>
        {plan.modelFailed && (
          <Alert severity="info" sx={{ mt: 1 }} className="kkb-no-print">
            The language model&apos;s answer could not be used this time; the rules planned it.
          </Alert>
        )}
      </Box>

      <Stack direction="row" className="kkb-no-print" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {canSave &&
          (draft.savedId === null ? (
            <Button variant="contained" startIcon={<SaveIcon />} onClick={() => setNaming(true)}>
              Save
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={() => saveChanges(draft.savedId!)}
              disabled={!draft.dirty}
              loading={update.isPending}
            >
              Save changes
            </Button>
          ))}
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={planAgain}
          loading={busy && swapping === null}
          disabled={busy}
        >
          Plan again
        </Button>
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
          Share
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
        {(isNew || draft.dirty) && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => setDiscarding(true)}
            disabled={busy}
          >
            {isNew ? 'Discard' : 'Discard changes'}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" className="kkb-no-print">
        Lock what you like, then Plan again to change the rest.
        {(isNew || draft.dirty) &&
          ' Kept on this device until you save or discard it, even if you leave this page.'}
      </Typography>

      <Stack spacing={2}>
        {plan.days.map((day, dayIndex) => (
          <PlanDayCard
            key={day.date}
            day={day}
            slots={plan.slots}
            timeZone={timeZone}
            names={names}
            doneRecord={(activityId) => {
              const record = records.find((r) => r.activityId === activityId);
              return record !== undefined &&
                isPlanItemDone(record.completedAt, day, draft.plannedAt, timeZone)
                ? record
                : null;
            }}
            swappingIndex={swapping?.day === dayIndex ? swapping.item : null}
            busy={busy}
            actionsFor={actionsFor(dayIndex)}
            onAdd={() => setAddingTo(dayIndex)}
          />
        ))}
      </Stack>

      <AddActivityDialog
        open={addingTo !== null}
        dayLabel={addingTo === null ? '' : formatPlanDay(plan.days[addingTo]!.date)}
        onAdd={add}
        onClose={() => setAddingTo(null)}
      />
      <ConfirmDialog
        open={discarding}
        title={isNew ? 'Discard this plan?' : 'Discard your changes?'}
        text={
          isNew
            ? 'The plan, with what you locked and swapped, is gone for good.'
            : 'The plan goes back to how it was last saved.'
        }
        confirmLabel={isNew ? 'Discard' : 'Discard changes'}
        onConfirm={() => {
          setDiscarding(false);
          onDiscard();
          notify(isNew ? 'Plan discarded' : 'Changes discarded');
        }}
        onClose={() => setDiscarding(false)}
      />
      {naming && (
        <SavePlanDialog
          open
          initialTitle={draft.title}
          pending={save.isPending}
          error={save.isError ? describeError(save.error) : null}
          onSave={saveAs}
          onClose={() => setNaming(false)}
        />
      )}
    </Stack>
  );
}
