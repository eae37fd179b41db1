import type { TRecommendationEnergy } from '@kkb/core/activities/recommend';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import type { TChild } from '@kkb/core/family/schema';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChoiceGroup, type Choice } from './choice-group';
import {
  ENERGY_CHOICES,
  EVERYONE,
  LOCATION_CHOICES,
  type DashboardChoiceKey,
} from './dashboard-choices';

/**
 * The dashboard's quick controls: who is playing, for how long, where, how energetic, and whether
 * it has to start right now (no prep, no mess). Their
 * own chunk (the select brings MUI's Menu, Popover and Modal): they show once the profile and
 * the weather are in, so the dashboard's first paint does not wait for them.
 */
export function DashboardControls({
  familyChildren,
  childId,
  timeChoices,
  timeAvailable,
  location,
  energyLevel,
  rightNow,
  choose,
}: {
  familyChildren: readonly Pick<TChild, 'id' | 'name' | 'age'>[];
  childId: string;
  timeChoices: readonly Choice<string>[];
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel: TRecommendationEnergy | null;
  rightNow: boolean;
  choose: (key: DashboardChoiceKey, value: string | number | null) => void;
}) {
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Who's playing?"
        value={childId}
        onChange={(event) => {
          choose('childId', event.target.value === EVERYONE ? null : event.target.value);
        }}
        size="small"
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value={EVERYONE}>Everyone</MenuItem>
        {familyChildren.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name} ({c.age})
          </MenuItem>
        ))}
      </TextField>
      <ChoiceGroup
        label="Time available"
        choices={timeChoices}
        value={String(timeAvailable)}
        onChange={(value) => {
          if (value !== null) choose('timeAvailable', Number(value));
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ChoiceGroup
          label="Indoor or outdoor"
          choices={LOCATION_CHOICES}
          value={location}
          onChange={(value) => choose('location', value)}
        />
        <ChoiceGroup
          label="Energy level"
          choices={ENERGY_CHOICES}
          value={energyLevel}
          onChange={(value) => choose('energyLevel', value)}
          allowNone
        />
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={rightNow}
            onChange={(_event, on) => choose('rightNow', on ? 'true' : null)}
          />
        }
        label={
          <>
            Right now
            <Typography variant="body2" color="text.secondary" component="span">
              {' '}
              · no prep, no mess
            </Typography>
          </>
        }
        sx={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
