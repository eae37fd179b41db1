import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { primaryTextSx } from '../../../components/layout/primary-text';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/**
 * A labelled row of toggle buttons choosing one value. With `allowNone`, pressing the chosen
 * button again clears the choice.
 */
export function ChoiceGroup<V extends string>({
  label,
  choices,
  value,
  onChange,
  allowNone = false,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  allowNone?: boolean;
}) {
  const labelId = useId();
  return (
    <div>
      <Typography id={labelId} variant="body2" component="p" sx={{ mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        exclusive
        size="small"
        color="primary"
        value={value}
        onChange={(_event, next: V | null) => {
          if (next !== null || allowNone) onChange(next);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {choices.map((choice) => (
          <ToggleButton
            key={choice.value}
            value={choice.value}
            // The main blue on the selected tint is below 4.5:1.
            sx={(theme) => ({ px: 1.5, '&.Mui-selected': primaryTextSx(theme) })}
          >
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
