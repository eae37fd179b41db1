import { FRAME_HEIGHT, FRAME_WIDTH } from '@kkb/core/animation/schema';
import Box from '@mui/material/Box';
import { useEffect, useRef, type PointerEvent } from 'react';
import { floodFill, loadImage, PAPER } from './canvas-tools';

export type StudioTool = 'brush' | 'eraser' | 'fill';

interface Point {
  x: number;
  y: number;
}

/**
 * The drawing surface of one frame: pointer events for finger, stylus and mouse (a stylus's
 * pressure widens the line), a paint bucket, and the previous frame as a faint onion skin on
 * top (multiplied, so its white paper disappears). Each finished stroke or fill is handed to
 * `onCommit` as a PNG data URL; `image` is what the frame shows.
 */
export function DrawingCanvas({
  image,
  onionImage,
  tool,
  colour,
  size,
  label,
  onCommit,
}: {
  image: string;
  onionImage: string | null;
  tool: StudioTool;
  colour: string;
  size: number;
  label: string;
  onCommit: (image: string) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<Point | null>(null);
  // The image this canvas itself produced last: no need to repaint it from the state.
  const painted = useRef<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || image === painted.current) return undefined;
    let cancelled = false;
    loadImage(image)
      .then((loaded) => {
        if (cancelled) return;
        context.globalCompositeOperation = 'source-over';
        context.fillStyle = PAPER;
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(loaded, 0, 0, canvas.width, canvas.height);
        painted.current = image;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [image]);

  const toCanvas = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * FRAME_WIDTH) / rect.width,
      y: ((event.clientY - rect.top) * FRAME_HEIGHT) / rect.height,
    };
  };

  const lineWidth = (event: PointerEvent<HTMLCanvasElement>) =>
    event.pointerType === 'pen' && event.pressure > 0 ? size * (0.4 + event.pressure * 1.2) : size;

  const strokeTo = (event: PointerEvent<HTMLCanvasElement>, point: Point) => {
    const context = canvasRef.current?.getContext('2d');
    const from = last.current;
    if (!context || !from) return;
    context.strokeStyle = tool === 'eraser' ? PAPER : colour;
    context.lineWidth = lineWidth(event);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(point.x + (point.x === from.x && point.y === from.y ? 0.01 : 0), point.y);
    context.stroke();
    last.current = point;
  };

  const commit = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const next = canvas.toDataURL('image/png');
    painted.current = next;
    onCommit(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const point = toCanvas(event);
    if (tool === 'fill') {
      const context = canvasRef.current?.getContext('2d', { willReadFrequently: true });
      if (!context) return;
      const pixels = context.getImageData(0, 0, FRAME_WIDTH, FRAME_HEIGHT);
      floodFill(pixels, Math.floor(point.x), Math.floor(point.y), colour);
      context.putImageData(pixels, 0, 0);
      commit();
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = point;
    strokeTo(event, point);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (last.current === null) return;
    // Fast strokes: the browser may have merged several moves into this one.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    if (events.length > 1) {
      const rect = event.currentTarget.getBoundingClientRect();
      for (const coalesced of events) {
        strokeTo(event, {
          x: ((coalesced.clientX - rect.left) * FRAME_WIDTH) / rect.width,
          y: ((coalesced.clientY - rect.top) * FRAME_HEIGHT) / rect.height,
        });
      }
    } else {
      strokeTo(event, toCanvas(event));
    }
  };

  const onPointerEnd = () => {
    if (last.current === null) return;
    last.current = null;
    commit();
  };

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${FRAME_WIDTH} / ${FRAME_HEIGHT}`,
        borderRadius: 2,
        overflow: 'hidden',
        border: '2px solid',
        borderColor: 'divider',
        bgcolor: PAPER,
      }}
    >
      <Box
        component="canvas"
        ref={canvasRef}
        width={FRAME_WIDTH}
        height={FRAME_HEIGHT}
        role="img"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          touchAction: 'none',
          cursor: tool === 'fill' ? 'cell' : 'crosshair',
        }}
      />
      {onionImage !== null && (
        <Box
          component="img"
          src={onionImage}
          alt=""
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            opacity: 0.3,
            mixBlendMode: 'multiply',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}
