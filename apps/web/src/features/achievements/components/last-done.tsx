import { DEFAULT_TIME_ZONE } from '@kkb/core/achievements/calendar';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../auth/components/use-auth';
import { useFamily } from '../../family/api/get-family';
import { useProfile } from '../../family/api/get-profile';
import { daysSinceDone, formatDoneWhen, formatNames } from './format';

/**
 * When an activity was last done, by whom and with which children: "Done today" and "At 3:10 PM
 * by you, with Noa and Eli" on its page (an older completion: "Last done on Sat, May 16 by
 * Dana"); a plan's item that counts as done: "Done" and "Today at 3:10 PM by you, with Noa".
 */
export function LastDone({
  record,
  variant,
}: {
  record: TUserActivity;
  variant: 'activity' | 'plan-item';
}) {
  const auth = useAuth();
  const profile = useProfile();
  const family = useFamily();
  if (record.completedAt === null) return null;
  const timeZone = profile.data?.familyInfo.timezone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  const when = formatDoneWhen(record.completedAt, now, timeZone);
  const today = daysSinceDone(record.completedAt, now, timeZone) === 0;
  const by =
    record.completedBy === null
      ? null
      : record.completedBy === auth.user?.id
        ? 'you'
        : (family.data?.members.find((m) => m.userId === record.completedBy)?.name ??
          'a former member');
  const children = (profile.data?.familyInfo.children ?? []).filter((child) =>
    record.completedChildIds.includes(child.id),
  );
  const details = [
    by === null ? '' : ` by ${by}`,
    children.length === 0 ? '' : `, with ${formatNames(children.map((c) => c.name))}`,
  ].join('');
  const chip = variant === 'plan-item' ? 'Done' : today ? 'Done today' : null;
  // "Done today" says the day already: "At 3:10 PM by you".
  const shown = chip === 'Done today' ? when.replace(/^today /, '') : when;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {chip !== null && (
        <Chip icon={<CheckCircleIcon />} label={chip} color="success" size="small" />
      )}
      <Typography variant="body2" color="text.secondary">
        {chip === null ? `Last done ${when}${details}` : `${capitalized(shown)}${details}`}
      </Typography>
    </Stack>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
