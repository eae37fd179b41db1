import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';

export interface TextInputProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** react-hook-form's `register` ref; it finds the input inside the root element. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * An outlined text field that looks and reads like MUI's TextField (label, helper text, error
 * state), built from its parts: TextField also imports Select, and with it Menu, Popover and
 * Modal, which the sign-in forms (the first page most visitors load) never use.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  error,
  helperText,
  onChange,
  onBlur,
  ref,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl ref={ref} variant="outlined" required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        // The notch leaves room for the label as the label shows it, asterisk included.
        label={required ? `${label}\u2009*` : label}
        autoComplete={autoComplete}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
