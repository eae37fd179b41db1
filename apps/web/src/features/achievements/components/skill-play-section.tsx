import type { TChildSkillPlay, TPlayWeek, TSkillPlay } from '@kkb/core/achievements/skill-play';
import { SKILL_LABELS, SKILLS } from '@kkb/core/activities/practical-fields';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { deferredComponent } from '../../../lib/deferred-component';
import { MemberAvatar } from '../../family/components/member-avatar';
import { formatNames, formatWeek } from './format';

const SkillPlayChart = deferredComponent(async () => (await import('./skill-play-chart')).default);

const CHART_HEIGHT = 260;

function activityCount(count: number): string {
  return `${count} ${count === 1 ? 'activity' : 'activities'}`;
}

/** The skill areas a child played most over the weeks, as a short sentence's end. */
function mostPlayed(play: TChildSkillPlay): string {
  const totals = SKILLS.map((skill) => ({
    skill,
    plays: play.weeks.reduce((sum, week) => sum + week.skills[skill], 0),
  }));
  const top = Math.max(...totals.map((t) => t.plays));
  if (top === 0) return '';
  const names = totals.filter((t) => t.plays === top).map((t) => SKILL_LABELS[t.skill]);
  return `; most of all ${formatNames(names).toLowerCase()}`;
}

/** The chart's numbers as a table: skill areas down, weeks across. */
function SkillPlayTable({ weeks, play }: { weeks: readonly TPlayWeek[]; play: TChildSkillPlay }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          width: '100%',
          fontSize: '0.875rem',
          '& th, & td': { p: 0.75, textAlign: 'right', borderBottom: 1, borderColor: 'divider' },
          '& th[scope="row"]': { textAlign: 'left', fontWeight: 500 },
          '& caption': { textAlign: 'left', pb: 0.5 },
        }}
      >
        <caption>{play.name}&apos;s activities by skill area, week by week</caption>
        <thead>
          <tr>
            <th scope="col">Skill area</th>
            {weeks.map((week) => (
              <th scope="col" key={week.from}>
                {formatWeek(week)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SKILLS.map((skill) => (
            <tr key={skill}>
              <th scope="row">{SKILL_LABELS[skill]}</th>
              {play.weeks.map((week, i) => (
                <td key={weeks[i]?.from ?? i}>{week.skills[skill]}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">All activities</th>
            {play.weeks.map((week, i) => (
              <td key={weeks[i]?.from ?? i}>{week.activities}</td>
            ))}
          </tr>
        </tbody>
      </Box>
    </Box>
  );
}

function ChildSkillPlay({ weeks, play }: { weeks: readonly TPlayWeek[]; play: TChildSkillPlay }) {
  const total = play.weeks.reduce((sum, week) => sum + week.activities, 0);
  const headingId = `skill-play-${play.childId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <MemberAvatar name={play.name} size={36} />
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {play.name}
          </Typography>
        </Stack>
        {total === 0 ? (
          <Typography color="text.secondary">
            No activities named {play.name} in these weeks. When you press &lsquo;Mark as
            done&rsquo;, choose who played.
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {activityCount(total)} in {weeks.length} weeks{mostPlayed(play)}.
            </Typography>
            <Suspense
              fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} aria-hidden="true" />}
            >
              <SkillPlayChart.Component weeks={weeks} play={play} />
            </Suspense>
            <Box
              component="details"
              sx={{ mt: 1, '& > summary': { cursor: 'pointer', py: 1, fontWeight: 500 } }}
            >
              <summary>Show as table</summary>
              <SkillPlayTable weeks={weeks} play={play} />
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Each child's growth at a glance (issue 35): their activities of the last weeks by skill area,
 * as a chart with the same numbers in a table. An activity counts in each skill area it
 * exercises; the family's own activities only in the areas the family chose for them.
 */
export function SkillPlaySection({ skillPlay }: { skillPlay: TSkillPlay }) {
  return (
    <Box component="section" aria-labelledby="achievements-skills-heading">
      <Typography id="achievements-skills-heading" component="h2" variant="h6">
        Each child&apos;s growth
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        What each child played in the last {skillPlay.weeks.length} weeks, by skill area. An
        activity counts in every area it exercises.
      </Typography>
      <Stack spacing={2}>
        {skillPlay.children.map((play) => (
          <ChildSkillPlay key={play.childId} weeks={skillPlay.weeks} play={play} />
        ))}
      </Stack>
    </Box>
  );
}
