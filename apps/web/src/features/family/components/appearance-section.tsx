import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useColorMode } from '../../../hooks/use-color-mode';
import { ProfileSection } from './profile-section';

/** Light or dark, kept on this device (MUI's own storage keys, spec §9). */
export function AppearanceSection() {
  const { mode, setMode } = useColorMode();
  return (
    <ProfileSection section="appearance" description="Kept on this device.">
      <FormControlLabel
        label="Dark mode"
        control={
          <Switch
            checked={mode === 'dark'}
            onChange={(_event, dark) => setMode(dark ? 'dark' : 'light')}
          />
        }
      />
    </ProfileSection>
  );
}
