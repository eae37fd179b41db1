import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { PROFILE_SECTIONS, SECTION_SCROLL_MARGIN, type ProfileSectionId } from './profile-sections';

/**
 * One titled card of the profile page, a landmark named by its heading. Its id is the section's,
 * for the page's section links; the heading takes the focus when the page jumps there.
 */
export function ProfileSection({
  section,
  description,
  children,
}: {
  section: ProfileSectionId;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      component="section"
      id={section}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h5" component="h2" tabIndex={-1} gutterBottom>
          {PROFILE_SECTIONS[section].title}
        </Typography>
        {description !== undefined && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
