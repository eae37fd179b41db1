import { nameInitial } from '@kkb/core/family/initial';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { deferredComponent } from '../../../lib/deferred-component';
import { useAuth } from './use-auth';

const accountMenu = deferredComponent(async () => (await import('./account-menu')).AccountMenu);

/** The top bar's account corner: the signed-in parent's menu, or a Login button (spec §2). */
export function UserMenu() {
  const auth = useAuth();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing keeps its transition.
  const [menuWanted, setMenuWanted] = useState(false);
  // Fetched after the first paint, while online: a parent may open the menu offline to sign out.
  useEffect(() => accountMenu.preload(), []);

  if (auth.status !== 'authenticated') {
    return (
      <Button component={RouterLink} to="/login" variant="contained" color="primary">
        Login
      </Button>
    );
  }

  const { name } = auth.user;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        startIcon={
          // The initial in a circle that MUI's Avatar draws, without its image handling (unused).
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              width: 32,
              height: 32,
              borderRadius: '50%',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'primary.main',
              color: 'background.default',
              fontSize: '1.25rem',
              lineHeight: 1,
            }}
          >
            {nameInitial(name)}
          </Box>
        }
        sx={{
          textTransform: 'none',
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box
          component="span"
          // On phones the top bar has room for the avatar only: the name is then hidden visually
          // but stays the button's accessible name (no aria-label, so label and text agree).
          sx={{
            position: { xs: 'absolute', sm: 'static' },
            width: { xs: '1px', sm: 'auto' },
            height: { xs: '1px', sm: 'auto' },
            clipPath: { xs: 'inset(50%)', sm: 'none' },
            maxWidth: 180,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {name}
        </Box>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <accountMenu.Component id={menuId} anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
