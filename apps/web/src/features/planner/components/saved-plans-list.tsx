import type { TSavedPlanSummary } from '@kkb/core/planner/schema';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RequestError } from '../../../components/feedback/request-error';
import { describeError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { useFeedback } from '../../family/components/feedback';
import { useDeleteSavedPlan } from '../api/delete-saved-plan';
import { useSavedPlans } from '../api/get-saved-plans';
import { addDays } from '@kkb/core/time/wall-clock';
import { forgetPlanEdits, useDraftOwner } from './kept-plan';
import { formatPlanSpan } from './plan-format';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { whenFirstUsed } from '../../../lib/when-first-used';

const savedAt = whenFirstUsed(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

function span(plan: TSavedPlanSummary): string {
  return formatPlanSpan(
    Array.from({ length: plan.dayCount }, (_, i) => ({ date: addDays(plan.startDate, i) })),
  );
}

/** The family's saved plans: open one, or delete it (asked first) when the role may. */
export function SavedPlansList({
  canDelete,
  onOpen,
}: {
  canDelete: boolean;
  onOpen: (id: string) => void;
}) {
  const plans = useSavedPlans();
  const remove = useDeleteSavedPlan();
  const notify = useFeedback();
  const owner = useDraftOwner();
  const [deleting, setDeleting] = useState<TSavedPlanSummary | null>(null);

  if (isOfflineWithoutData(plans)) return <NoCachedData />;
  if (plans.isPending) {
    return (
      <Stack spacing={2} aria-label="Loading saved plans">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  }
  if (plans.isError) return <RequestError error={plans.error} retry={() => void plans.refetch()} />;
  if (plans.data.plans.length === 0) {
    return (
      <Typography color="text.secondary">
        No saved plans yet. Make a plan and press Save to keep it here.
      </Typography>
    );
  }
  return (
    <>
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Saved plans">
        {plans.data.plans.map((plan) => (
          <Card component="li" variant="outlined" key={plan.id} sx={{ listStyle: 'none' }}>
            <CardContent sx={{ pb: 0 }}>
              <Typography variant="h6" component="h3">
                {plan.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {span(plan)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {plan.itemCount} {plan.itemCount === 1 ? 'activity' : 'activities'} · saved{' '}
                {savedAt().format(new Date(plan.updatedAt))}
              </Typography>
            </CardContent>
            <CardActions>
              <Button onClick={() => onOpen(plan.id)} aria-label={`Open ${plan.title}`}>
                Open
              </Button>
              {canDelete && (
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDeleting(plan)}
                  aria-label={`Delete ${plan.title}`}
                >
                  Delete
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this plan?"
        text={`“${deleting?.title ?? ''}” will be gone for everyone in your family.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              forgetPlanEdits(owner, deleting.id);
              setDeleting(null);
              notify('Plan deleted');
            },
            onError: (error) => notify(describeError(error), 'error'),
          });
        }}
      />
    </>
  );
}
