import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';

/**
 * A heading that opens and closes the panel under it (the WAI-ARIA disclosure pattern), drawn
 * like MUI's outlined Accordion. Not the Accordion itself: with its Collapse it is about 3 KB of a
 * first route's scripts (DESIGN "Budgets") for an animation. The panel's content is drawn the
 * first time it opens (and kept then): closed on a phone, it costs the first render nothing.
 */
export function Disclosure({
  heading,
  defaultOpen,
  children,
  sx,
}: {
  /** The heading's content; it is also the button's name. */
  heading: ReactNode;
  defaultOpen: boolean;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  const panelId = useId();
  return (
    <Paper variant="outlined" sx={[{ borderRadius: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box component="h2" sx={{ m: 0, font: 'inherit' }}>
        <ButtonBase
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((was) => !was);
            setOpened(true);
          }}
          sx={{
            width: '100%',
            minHeight: 48,
            px: 2,
            py: 1.5,
            gap: 2,
            justifyContent: 'space-between',
            textAlign: 'left',
            borderRadius: 'inherit',
          }}
        >
          {heading}
          <ExpandMoreIcon
            aria-hidden
            sx={(theme) => ({
              flexShrink: 0,
              color: 'action.active',
              transform: open ? 'rotate(180deg)' : 'none',
              transition: theme.transitions.create('transform', {
                duration: theme.transitions.duration.shortest,
              }),
            })}
          />
        </ButtonBase>
      </Box>
      <Box id={panelId} hidden={!open} sx={{ px: 2, pb: 2 }}>
        {opened && children}
      </Box>
    </Paper>
  );
}
