import { MAX_ANIMATION_FRAMES } from '@kkb/core/animation/schema';

/** One frame of the flipbook: its id and its drawing as a PNG data URL. */
export interface Frame {
  id: string;
  image: string;
}

/** What undo and redo move between: the frames and which one is being drawn. */
export interface StudioDocument {
  frames: Frame[];
  current: number;
}

export interface StudioState {
  document: StudioDocument;
  past: StudioDocument[];
  future: StudioDocument[];
}

export type StudioAction =
  | { type: 'draw'; image: string }
  | { type: 'add-frame'; id: string; image: string }
  | { type: 'duplicate-frame'; id: string }
  | { type: 'delete-frame' }
  | { type: 'move-frame'; from: number; to: number }
  | { type: 'select-frame'; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; document: StudioDocument };

/** Steps of undo kept; older ones are forgotten. */
export const HISTORY_LIMIT = 50;

export function initialStudioState(document: StudioDocument): StudioState {
  return { document, past: [], future: [] };
}

/** Applies a change that can be undone: the old document goes on the undo stack, redo is cleared. */
function commit(state: StudioState, document: StudioDocument): StudioState {
  if (document === state.document) return state;
  return {
    document,
    past: [...state.past, state.document].slice(-HISTORY_LIMIT),
    future: [],
  };
}

const clampIndex = (index: number, length: number) => Math.min(Math.max(index, 0), length - 1);

/**
 * The studio's state changes, pure. Drawing and every frame operation are undoable; choosing a
 * frame is not (it is where you are, not what you made). There is always at least one frame, and
 * never more than the server accepts.
 */
export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  const { frames, current } = state.document;
  switch (action.type) {
    case 'draw': {
      const frame = frames[current];
      if (frame === undefined || frame.image === action.image) return state;
      const next = frames.map((f, i) => (i === current ? { ...f, image: action.image } : f));
      return commit(state, { frames: next, current });
    }
    case 'add-frame': {
      if (frames.length >= MAX_ANIMATION_FRAMES) return state;
      const at = current + 1;
      const next = [
        ...frames.slice(0, at),
        { id: action.id, image: action.image },
        ...frames.slice(at),
      ];
      return commit(state, { frames: next, current: at });
    }
    case 'duplicate-frame': {
      const frame = frames[current];
      if (frame === undefined || frames.length >= MAX_ANIMATION_FRAMES) return state;
      const at = current + 1;
      const next = [
        ...frames.slice(0, at),
        { id: action.id, image: frame.image },
        ...frames.slice(at),
      ];
      return commit(state, { frames: next, current: at });
    }
    case 'delete-frame': {
      if (frames.length <= 1) return state;
      const next = frames.filter((_, i) => i !== current);
      return commit(state, { frames: next, current: clampIndex(current, next.length) });
    }
    case 'move-frame': {
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= frames.length || to >= frames.length) {
        return state;
      }
      const next = [...frames];
      const [moved] = next.splice(from, 1);
      if (moved === undefined) return state;
      next.splice(to, 0, moved);
      // The frame being drawn follows its move; others keep their place.
      const selected = frames[current]?.id;
      return commit(state, {
        frames: next,
        current: Math.max(
          0,
          next.findIndex((f) => f.id === selected),
        ),
      });
    }
    case 'select-frame': {
      const index = clampIndex(action.index, frames.length);
      return index === current ? state : { ...state, document: { frames, current: index } };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return {
        document: previous,
        past: state.past.slice(0, -1),
        future: [state.document, ...state.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { document: next, past: [...state.past, state.document], future: rest };
    }
    case 'load':
      return initialStudioState(action.document);
  }
}
