import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { PROFILE_SECTIONS, type ProfileSectionId } from './profile-sections';

/**
 * Links to the profile's sections at its top: a long page on a phone, each part one tap away.
 * Following one changes the address's fragment; `useJumpToSection` scrolls and moves the focus.
 */
export function ProfileSectionNav({ sections }: { sections: readonly ProfileSectionId[] }) {
  return (
    <Box component="nav" aria-label="Profile sections">
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {sections.map((id) => {
          const section: { title: string; short?: string } = PROFILE_SECTIONS[id];
          return (
            <li key={id}>
              <Chip
                component={RouterLink}
                to={`#${id}`}
                clickable
                variant="outlined"
                label={section.short ?? section.title}
                sx={{ height: 36, borderRadius: 5, bgcolor: 'background.paper', fontWeight: 500 }}
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
