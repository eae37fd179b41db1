import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MAX_ANIMATION_FRAMES } from '@kkb/core/animation/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Dispatch } from 'react';
import { randomId } from '../../../lib/random-id';
import { blankFrameImage } from './canvas-tools';
import type { StudioAction, StudioDocument } from './studio-state';

/** Adds a blank frame after the current one; next to the canvas, as it is used while drawing. */
export function AddFrameButton({
  document,
  dispatch,
  disabled,
}: {
  document: StudioDocument;
  dispatch: Dispatch<StudioAction>;
  disabled: boolean;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={<AddIcon />}
      disabled={disabled || document.frames.length >= MAX_ANIMATION_FRAMES}
      onClick={() => dispatch({ type: 'add-frame', id: randomId(), image: blankFrameImage() })}
    >
      Add frame
    </Button>
  );
}

/** The frames in order as thumbnails to choose from, and the other frame operations. */
export function FrameStrip({
  document,
  dispatch,
  disabled,
}: {
  document: StudioDocument;
  dispatch: Dispatch<StudioAction>;
  disabled: boolean;
}) {
  const { frames, current } = document;
  const full = frames.length >= MAX_ANIMATION_FRAMES;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Frames
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Frame {current + 1} of {frames.length}
        </Typography>
      </Stack>
      <Box
        component="ol"
        aria-label="Frames"
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', m: 0, p: 0.5, listStyle: 'none' }}
      >
        {frames.map((frame, index) => (
          <li key={frame.id}>
            <Box
              component="button"
              type="button"
              aria-label={`Frame ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              disabled={disabled}
              onClick={() => dispatch({ type: 'select-frame', index })}
              sx={{
                p: 0,
                width: 72,
                aspectRatio: '4 / 3',
                border: '3px solid',
                borderColor: index === current ? 'primary.main' : 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
                cursor: 'pointer',
                overflow: 'hidden',
                display: 'block',
              }}
            >
              <Box
                component="img"
                src={frame.image}
                alt=""
                sx={{ width: '100%', height: '100%', display: 'block' }}
              />
            </Box>
          </li>
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          disabled={disabled || full}
          onClick={() => dispatch({ type: 'duplicate-frame', id: randomId() })}
        >
          Duplicate
        </Button>
        <Tooltip title="Move frame earlier">
          <span>
            <IconButton
              aria-label="Move frame earlier"
              disabled={disabled || current === 0}
              onClick={() => dispatch({ type: 'move-frame', from: current, to: current - 1 })}
            >
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move frame later">
          <span>
            <IconButton
              aria-label="Move frame later"
              disabled={disabled || current === frames.length - 1}
              onClick={() => dispatch({ type: 'move-frame', from: current, to: current + 1 })}
            >
              <ChevronRightIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={disabled || frames.length <= 1}
          onClick={() => dispatch({ type: 'delete-frame' })}
        >
          Delete frame
        </Button>
      </Stack>
      {full && (
        <Typography variant="body2" color="text.secondary">
          That is the most frames an animation can have ({MAX_ANIMATION_FRAMES}).
        </Typography>
      )}
    </Stack>
  );
}
