import type { TChild } from '@kkb/core/family/schema';
import {
  MAX_PLAN_SLOTS,
  ZPlanSlot,
  type TPlannerRequestInput,
  type TPlanSlot,
} from '@kkb/core/planner/schema';
import { defaultSlots } from '@kkb/core/planner/slots';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import type { PlanFormChoices } from './kept-plan';
import { PLAN_PERIODS, periodDates, type PlanPeriod } from './plan-period';

const MINUTE_CHOICES = [15, 20, 30, 45, 60, 90, 120, 180, 240];
const DAY_CHOICES: { value: TPlanSlot['on']; label: string }[] = [
  { value: 'every-day', label: 'Every day' },
  { value: 'weekdays', label: 'Weekdays' },
  { value: 'weekends', label: 'Weekends' },
];

/** A window's problem in words, or null (it must end by midnight). */
function slotProblem(slot: TPlanSlot): string | null {
  return ZPlanSlot.safeParse(slot).success ? null : 'Pick a start and length that end by midnight';
}

function SlotRow({
  slot,
  index,
  onChange,
  onRemove,
  removable,
}: {
  slot: TPlanSlot;
  index: number;
  onChange: (slot: TPlanSlot) => void;
  onRemove: () => void;
  removable: boolean;
}) {
  const problem = slotProblem(slot);
  const minutes = MINUTE_CHOICES.includes(slot.minutes)
    ? MINUTE_CHOICES
    : [...MINUTE_CHOICES, slot.minutes].sort((a, b) => a - b);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label={`Time ${index + 1} starts`}
          type="time"
          size="small"
          value={slot.start}
          onChange={(event) => onChange({ ...slot, start: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
          sx={{ flex: '1 1 130px' }}
          error={problem !== null}
        />
        <TextField
          select
          label="For"
          size="small"
          value={slot.minutes}
          onChange={(event) => onChange({ ...slot, minutes: Number(event.target.value) })}
          sx={{ flex: '1 1 110px' }}
        >
          {minutes.map((m) => (
            <MenuItem key={m} value={m}>
              {m < 60 || m % 60 !== 0 ? `${m} min` : `${m / 60} h`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="On"
          size="small"
          value={slot.on}
          onChange={(event) => onChange({ ...slot, on: event.target.value as TPlanSlot['on'] })}
          sx={{ flex: '1 1 130px' }}
        >
          {DAY_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label={`Remove time ${index + 1}`}
          onClick={onRemove}
          disabled={!removable}
        >
          <DeleteIcon />
        </IconButton>
      </Box>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </Box>
  );
}

/**
 * The planner's question: which days, who is playing, and the time they have. The time starts
 * as the children's own time slots, each the family's default length, until the parent changes it.
 * The choices live with the caller, which keeps them with the plan until it is saved.
 */
export function PlanForm({
  childList,
  defaultMinutes,
  today,
  pending,
  error,
  choices,
  onChoicesChange,
  onPlan,
}: {
  childList: readonly TChild[];
  defaultMinutes: number;
  today: string;
  pending: boolean;
  error: string | null;
  choices: PlanFormChoices;
  onChoicesChange: (choices: PlanFormChoices) => void;
  onPlan: (request: TPlannerRequestInput) => void;
}) {
  const { period, editedSlots } = choices;
  // Who is left out, so that every child plays unless unticked (one added meanwhile too).
  const left = new Set(choices.left);
  const [tried, setTried] = useState(false);
  const whoId = useId();
  const timeId = useId();
  const playing = childList.filter((c) => !left.has(c.id));
  // Until the parent edits the time, it follows who is playing.
  const slots = editedSlots ?? defaultSlots(playing, defaultMinutes);
  const noChild = playing.length === 0;
  const badSlot = slots.length === 0 || slots.some((s) => slotProblem(s) !== null);

  const toggleChild = (id: string) => {
    const next = left.has(id) ? choices.left.filter((other) => other !== id) : [...left, id];
    onChoicesChange({ ...choices, left: next });
  };
  const editSlots = (next: TPlanSlot[]) => onChoicesChange({ ...choices, editedSlots: next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (noChild || badSlot) return;
    onPlan({ ...periodDates(period, today), childIds: playing.map((c) => c.id), slots });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Plan settings">
      <Stack spacing={3}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={period}
          onChange={(_event, value: PlanPeriod | null) =>
            value && onChoicesChange({ ...choices, period: value })
          }
          aria-label="Days"
        >
          {PLAN_PERIODS.map((p) => (
            <ToggleButton key={p.value} value={p.value}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={whoId}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Who is playing
          </Typography>
          <FormGroup row>
            {childList.map((child) => (
              <FormControlLabel
                key={child.id}
                control={
                  <Checkbox checked={!left.has(child.id)} onChange={() => toggleChild(child.id)} />
                }
                label={`${child.name} (${child.age})`}
              />
            ))}
          </FormGroup>
          <FormHelperText id={whoId} error={tried && noChild}>
            {tried && noChild ? 'Pick at least one child' : 'Plans fit every child you pick.'}
          </FormHelperText>
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={timeId}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            The time you have
          </Typography>
          <FormHelperText id={timeId} sx={{ mt: 0, mb: 1.5 }}>
            From your children&apos;s free times; change them as you like.
          </FormHelperText>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {slots.map((slot, index) => (
              <SlotRow
                // Windows have no identity of their own; their place in the list is it.
                key={index}
                slot={slot}
                index={index}
                removable={slots.length > 1}
                onChange={(next) => editSlots(slots.map((s, i) => (i === index ? next : s)))}
                onRemove={() => editSlots(slots.filter((_, i) => i !== index))}
              />
            ))}
          </Stack>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              editSlots([...slots, { start: '15:00', minutes: defaultMinutes, on: 'every-day' }])
            }
            disabled={slots.length >= MAX_PLAN_SLOTS}
            sx={{ mt: 1 }}
          >
            Add time
          </Button>
        </Box>

        {error && <Alert severity="error">{error}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<AutoAwesomeIcon />}
          loading={pending}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          Plan it
        </Button>
      </Stack>
    </Box>
  );
}
