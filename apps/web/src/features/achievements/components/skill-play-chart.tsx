import type { TChildSkillPlay, TPlayWeek } from '@kkb/core/achievements/skill-play';
import { SKILL_LABELS, SKILLS } from '@kkb/core/activities/practical-fields';
import { BarChart } from '@mui/x-charts/BarChart';
import { useReducedMotion } from './use-reduced-motion';
import { whenFirstUsed } from '../../../lib/when-first-used';

const weekStart = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
);

/**
 * A week on the axis: 'This week' for the last, else its first day. Here rather than with the
 * page's formats, which would otherwise become a chunk of their own shared with this one.
 */
function weekLabel(week: TPlayWeek, isLast: boolean): string {
  return isLast ? 'This week' : weekStart().format(new Date(`${week.from}T00:00:00Z`));
}

/**
 * One child's play by skill area as stacked bars, one bar a week. In a chunk of its own (MUI X
 * Charts), loaded by the stats page only. Inert: its table (`SkillPlayTable`) says the same to
 * screen readers and keyboards, which would otherwise meet the chart's own focusable layer.
 */
export default function SkillPlayChart({
  weeks,
  play,
}: {
  weeks: readonly TPlayWeek[];
  play: TChildSkillPlay;
}) {
  const reducedMotion = useReducedMotion();
  return (
    <div inert>
      <BarChart
        height={260}
        skipAnimation={reducedMotion}
        margin={{ left: 0, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: weeks.map((week, i) => weekLabel(week, i === weeks.length - 1)),
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 32 }]}
        series={SKILLS.map((skill) => ({
          label: SKILL_LABELS[skill],
          stack: 'skills',
          data: play.weeks.map((week) => week.skills[skill]),
        }))}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </div>
  );
}
