import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TPlanDay, TPlanSlot } from '@kkb/core/planner/schema';
import { slotsForDay } from '@kkb/core/planner/slots';
import { isLiveWeather } from '@kkb/core/weather/weather';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { childrenLabel, formatDaylight, formatForecast, formatPlanDay } from './plan-format';
import { PlanItemRow, type ItemActions } from './plan-item-row';

/** Why a day has nothing planned, in a parent's words. */
function emptyDayText(day: TPlanDay, slots: readonly TPlanSlot[]): string {
  if (day.slots.length > 0) return 'Nothing fits this time and weather. Add an activity yourself.';
  // The day's windows were cut off because they had passed when it was planned.
  return slotsForDay(slots, day.date).length > 0
    ? 'The time you set for this day had passed when it was planned.'
    : 'No time set for this day.';
}

/** One day of the plan: its date and forecast, its activities in time order, and Add. */
export function PlanDayCard({
  day,
  slots,
  timeZone,
  names,
  doneRecord,
  swappingIndex,
  busy,
  actionsFor,
  onAdd,
}: {
  day: TPlanDay;
  /** The plan's time windows, as the parent set them. */
  slots: readonly TPlanSlot[];
  timeZone: string;
  names: ReadonlyMap<string, string>;
  /** The family's record of the activity when it counts as done for this day's item. */
  doneRecord: (activityId: string) => TUserActivity | null;
  /** The item being swapped, if any. */
  swappingIndex: number | null;
  busy: boolean;
  actionsFor: (itemIndex: number) => ItemActions;
  onAdd: () => void;
}) {
  const daylight = formatDaylight(day.forecast, timeZone);
  const headingId = `plan-day-${day.date}`;
  return (
    <Card
      component="section"
      variant="outlined"
      className="kkb-plan-day"
      aria-labelledby={headingId}
    >
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3">
          {formatPlanDay(day.date)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatForecast(day.forecast)}
        </Typography>
        {!isLiveWeather(day.forecast) && (
          <Typography variant="body2" color="text.secondary">
            {day.forecast.source === 'fixed'
              ? 'Live weather is switched off on this server, so the plan counts on no weather.'
              : 'No forecast for this day yet, so the plan counts on no weather.'}
          </Typography>
        )}
        {daylight && (
          <Typography variant="body2" color="text.secondary">
            {daylight}
          </Typography>
        )}
        {day.items.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{emptyDayText(day, slots)}</Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ p: 0, mt: 2, mb: 0 }}>
            {day.items.map((item, index) => (
              <PlanItemRow
                key={`${item.activity.id}-${item.start}`}
                item={item}
                who={childrenLabel(item.childIds, names)}
                done={doneRecord(item.activity.id)}
                first={index === 0}
                last={index === day.items.length - 1}
                swapping={swappingIndex === index}
                busy={busy}
                actions={actionsFor(index)}
              />
            ))}
          </Stack>
        )}
        <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 2 }} className="kkb-no-print">
          Add an activity
        </Button>
      </CardContent>
    </Card>
  );
}
