import { MAX_FPS, MIN_FPS, type TAnimation } from '@kkb/core/animation/schema';
import AutoFixNormalIcon from '@mui/icons-material/AutoFixNormal';
import BrushIcon from '@mui/icons-material/Brush';
import DownloadIcon from '@mui/icons-material/Download';
import FormatColorFillIcon from '@mui/icons-material/FormatColorFill';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RedoIcon from '@mui/icons-material/Redo';
import StopIcon from '@mui/icons-material/Stop';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { getAnimation } from '../api/get-animation';
import { BRUSH_SIZES, blankFrameImage, PALETTE } from '../components/canvas-tools';
import { DrawingCanvas, type StudioTool } from '../components/drawing-canvas';
import { encodeGif } from '../components/export-gif';
import { AddFrameButton, FrameStrip } from '../components/frame-strip';
import { imageAsDataUrl, readDraft, type StudioDraft } from '../components/project-storage';
import { ProjectList } from '../components/project-list';
import { initialStudioState, studioReducer, type StudioDocument } from '../components/studio-state';
import { useAutosave, type SaveStatus } from '../components/use-autosave';

interface ProjectMeta {
  projectKey: string;
  animationId: string | null;
  title: string;
  fps: number;
  loop: boolean;
  dirty: boolean;
}

const NEW_TITLE = 'My animation';

function newDocument(): StudioDocument {
  return { frames: [{ id: randomId(), image: blankFrameImage() }], current: 0 };
}

const SAVE_LABELS: Record<SaveStatus['state'], string> = {
  saved: 'All changes saved',
  unsaved: 'Saving soon…',
  saving: 'Saving…',
  failed: 'Not saved',
};

function fileName(title: string): string {
  const base = title
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'animation'}.gif`;
}

/**
 * `/animation-studio`: a flipbook for children. Draw each frame, flip through them with the onion
 * skin, play them back, export a GIF. The project lives in this browser at once and on the server
 * a moment later, so nothing is lost on a reload.
 */
export function AnimationStudioPage() {
  const [initial] = useState(() => readDraft());
  const [state, dispatch] = useReducer(studioReducer, initial?.document ?? null, (document) =>
    initialStudioState(document ?? newDocument()),
  );
  const [meta, setMeta] = useState<ProjectMeta>(() => ({
    projectKey: initial?.projectKey ?? randomId(),
    animationId: initial?.animationId ?? null,
    title: initial?.title ?? NEW_TITLE,
    fps: initial?.fps ?? 6,
    loop: initial?.loop ?? true,
    dirty: initial?.dirty ?? false,
  }));
  const [tool, setTool] = useState<StudioTool>('brush');
  const [colour, setColour] = useState<string>(PALETTE[0].value);
  const [size, setSize] = useState<number>(BRUSH_SIZES[1].value);
  const [onionSkin, setOnionSkin] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [playIndex, setPlayIndex] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { document } = state;
  const { frames, current } = document;
  const frame = frames[current] ?? frames[0];

  const draft: StudioDraft = useMemo(() => ({ ...meta, document }), [meta, document]);
  const onSaved = useCallback((saved: TAnimation, unchanged: boolean) => {
    setMeta((m) => ({ ...m, animationId: saved.id, dirty: !unchanged }));
  }, []);
  const autosave = useAutosave(draft, onSaved);
  const { markUploaded } = autosave;

  // The draft restored on load is what the server had when it was not dirty.
  useEffect(() => {
    if (initial !== null && !initial.dirty) markUploaded(initial.document.frames);
  }, [initial, markUploaded]);

  const change = (action: Parameters<typeof dispatch>[0]) => {
    dispatch(action);
    if (action.type !== 'select-frame') setMeta((m) => ({ ...m, dirty: true }));
  };
  const changeMeta = (patch: Partial<ProjectMeta>) =>
    setMeta((m) => ({ ...m, ...patch, dirty: true }));

  // Undo and redo from the keyboard, outside text fields.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      if (
        !(event.ctrlKey || event.metaKey) ||
        (event.key.toLowerCase() !== 'z' && event.key.toLowerCase() !== 'y')
      )
        return;
      event.preventDefault();
      const redo = event.key.toLowerCase() === 'y' || event.shiftKey;
      dispatch({ type: redo ? 'redo' : 'undo' });
      setMeta((m) => ({ ...m, dirty: true }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setInterval(() => {
      setPlayIndex((index) => {
        if (index + 1 < frames.length) return index + 1;
        if (meta.loop) return 0;
        setPlaying(false);
        return index;
      });
    }, 1000 / meta.fps);
    return () => window.clearInterval(timer);
  }, [playing, frames.length, meta.fps, meta.loop]);

  /** Before another project replaces this one, its last changes go to the server. */
  const saveBeforeLeaving = async () => !meta.dirty || autosave.saveNow();

  const showNew = () => {
    dispatch({ type: 'load', document: newDocument() });
    setMeta({
      projectKey: randomId(),
      animationId: null,
      title: NEW_TITLE,
      fps: 6,
      loop: true,
      dirty: false,
    });
    setPlaying(false);
  };
  const startNew = async () => {
    if (await saveBeforeLeaving()) showNew();
  };

  const open = async (id: string) => {
    setProblem(null);
    if (!(await saveBeforeLeaving())) return;
    try {
      const animation = await getAnimation(id);
      const loaded = await Promise.all(
        animation.frames.map(async (f) => ({ id: f.id, image: await imageAsDataUrl(f.url) })),
      );
      dispatch({ type: 'load', document: { frames: loaded, current: 0 } });
      markUploaded(loaded);
      setMeta({
        projectKey: randomId(),
        animationId: animation.id,
        title: animation.title,
        fps: animation.fps,
        loop: animation.loop,
        dirty: false,
      });
      setPlaying(false);
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  const exportGif = async () => {
    setExporting(true);
    setProblem(null);
    try {
      const blob = await encodeGif(
        frames.map((f) => f.image),
        meta.fps,
        meta.loop,
      );
      const name = fileName(meta.title);
      const file = new File([blob], name, { type: 'image/gif' });
      const link = window.document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = name;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The GIF could not be made');
    } finally {
      setExporting(false);
    }
  };

  const shareGif = async () => {
    try {
      const blob = await encodeGif(
        frames.map((f) => f.image),
        meta.fps,
        meta.loop,
      );
      const file = new File([blob], fileName(meta.title), { type: 'image/gif' });
      await navigator.share({ files: [file], title: meta.title });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setProblem('Sharing did not work here; use Export GIF instead.');
      }
    }
  };
  const canShare =
    typeof navigator !== 'undefined' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [new File([], 'a.gif', { type: 'image/gif' })] });

  const status = autosave.status;
  const previous = current > 0 ? frames[current - 1] : undefined;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Animation Studio
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          label="Title"
          size="small"
          value={meta.title}
          onChange={(event) => changeMeta({ title: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            role="status"
            variant="body2"
            color={status.state === 'failed' ? 'error' : 'text.secondary'}
          >
            {SAVE_LABELS[status.state]}
            {status.state === 'failed' ? `: ${status.message}` : ''}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => void autosave.saveNow()}>
            Save
          </Button>
          <Button size="small" disabled={status.state === 'saving'} onClick={() => void startNew()}>
            New
          </Button>
        </Stack>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateAreas: { xs: '"stage" "frames" "tools"', md: '"stage frames" "stage tools"' },
          gridTemplateRows: { md: 'auto 1fr' },
          alignItems: 'start',
        }}
      >
        {/* Used while drawing, so under the canvas: on a phone, on the first screen with it. */}
        <Stack spacing={1.5} sx={{ gridArea: 'stage' }}>
          {playing ? (
            <Box
              sx={{
                width: '100%',
                aspectRatio: '4 / 3',
                border: '2px solid',
                borderColor: 'divider',
                borderRadius: 2,
                overflow: 'hidden',
                bgcolor: '#fff',
              }}
            >
              <Box
                component="img"
                src={frames[playIndex]?.image}
                alt={`Playing frame ${playIndex + 1} of ${frames.length}`}
                sx={{ width: '100%', height: '100%', display: 'block' }}
              />
            </Box>
          ) : (
            frame !== undefined && (
              <DrawingCanvas
                image={frame.image}
                onionImage={onionSkin && previous !== undefined ? previous.image : null}
                tool={tool}
                colour={colour}
                size={size}
                label={`Drawing of frame ${current + 1}`}
                onCommit={(image) => change({ type: 'draw', image })}
              />
            )
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              variant="contained"
              startIcon={playing ? <StopIcon /> : <PlayArrowIcon />}
              onClick={() => {
                setPlayIndex(0);
                setPlaying(!playing);
              }}
            >
              {playing ? 'Stop' : 'Play'}
            </Button>
            <AddFrameButton document={document} dispatch={change} disabled={playing} />
            <Tooltip title="Undo">
              <span>
                <IconButton
                  aria-label="Undo"
                  disabled={state.past.length === 0}
                  onClick={() => change({ type: 'undo' })}
                >
                  <UndoIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Redo">
              <span>
                <IconButton
                  aria-label="Redo"
                  disabled={state.future.length === 0}
                  onClick={() => change({ type: 'redo' })}
                >
                  <RedoIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
        <Card variant="outlined" sx={{ gridArea: 'frames' }}>
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <FrameStrip document={document} dispatch={change} disabled={playing} />
          </CardContent>
        </Card>
        <Stack spacing={2} sx={{ gridArea: 'tools' }}>
          <ToggleButtonGroup
            exclusive
            value={tool}
            onChange={(_event, next: StudioTool | null) => next !== null && setTool(next)}
            aria-label="Tool"
            size="small"
          >
            <ToggleButton value="brush">
              <BrushIcon sx={{ mr: 0.5 }} aria-hidden="true" />
              Brush
            </ToggleButton>
            <ToggleButton value="eraser">
              <AutoFixNormalIcon sx={{ mr: 0.5 }} aria-hidden="true" />
              Eraser
            </ToggleButton>
            <ToggleButton value="fill">
              <FormatColorFillIcon sx={{ mr: 0.5 }} aria-hidden="true" />
              Fill
            </ToggleButton>
          </ToggleButtonGroup>
          <Box
            role="radiogroup"
            aria-label="Colour"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {PALETTE.map((choice) => (
              <Box
                key={choice.value}
                component="button"
                type="button"
                role="radio"
                aria-checked={colour === choice.value}
                aria-label={choice.name}
                onClick={() => {
                  setColour(choice.value);
                  if (tool === 'eraser') setTool('brush');
                }}
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: choice.value,
                  border: '3px solid',
                  borderColor: colour === choice.value ? 'text.primary' : 'background.paper',
                  outline: colour === choice.value ? '2px solid' : 'none',
                  outlineColor: 'background.paper',
                  boxShadow: 1,
                  cursor: 'pointer',
                }}
              />
            ))}
          </Box>
          <ToggleButtonGroup
            exclusive
            value={size}
            onChange={(_event, next: number | null) => next !== null && setSize(next)}
            aria-label="Brush size"
            size="small"
          >
            {BRUSH_SIZES.map((choice) => (
              <ToggleButton key={choice.value} value={choice.value}>
                {choice.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              startIcon={<LayersClearIcon />}
              onClick={() => change({ type: 'draw', image: blankFrameImage() })}
            >
              Clear frame
            </Button>
            <FormControlLabel
              control={
                <Switch
                  checked={onionSkin}
                  onChange={(event) => setOnionSkin(event.target.checked)}
                />
              }
              label="Onion skin"
            />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 160, px: 1 }}>
              <Typography id="studio-speed" variant="body2">
                Speed: {meta.fps} frames a second
              </Typography>
              <Slider
                aria-labelledby="studio-speed"
                min={MIN_FPS}
                max={MAX_FPS}
                step={1}
                value={meta.fps}
                onChange={(_event, value) => changeMeta({ fps: value as number })}
              />
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={meta.loop}
                  onChange={(event) => changeMeta({ loop: event.target.checked })}
                />
              }
              label="Loop"
            />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              color="secondary"
              startIcon={<DownloadIcon />}
              loading={exporting}
              onClick={() => void exportGif()}
            >
              Export GIF
            </Button>
            {canShare && (
              <Button variant="outlined" onClick={() => void shareGif()}>
                Share GIF
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>

      {problem !== null && <Alert severity="error">{problem}</Alert>}

      <ProjectList
        currentId={meta.animationId}
        onOpen={(id) => void open(id)}
        onDeleted={(id) => {
          if (id === meta.animationId) showNew();
        }}
      />
    </Stack>
  );
}
