import { MAX_ANIMATION_FRAMES } from '@kkb/core/animation/schema';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  initialStudioState,
  studioReducer,
  type StudioAction,
  type StudioState,
} from './studio-state';

const start = () => initialStudioState({ frames: [{ id: 'a', image: 'blank' }], current: 0 });
const run = (state: StudioState, ...actions: StudioAction[]) =>
  actions.reduce(studioReducer, state);
const images = (state: StudioState) => state.document.frames.map((f) => `${f.id}:${f.image}`);

describe('studio undo and redo', () => {
  it('undoes and redoes strokes in order, and a new stroke clears redo', () => {
    let state = run(start(), { type: 'draw', image: 'one' }, { type: 'draw', image: 'two' });
    expect(images(state)).toEqual(['a:two']);
    state = run(state, { type: 'undo' });
    expect(images(state)).toEqual(['a:one']);
    state = run(state, { type: 'undo' });
    expect(images(state)).toEqual(['a:blank']);
    expect(run(state, { type: 'undo' })).toBe(state);
    state = run(state, { type: 'redo' });
    expect(images(state)).toEqual(['a:one']);
    state = run(state, { type: 'draw', image: 'three' });
    expect(state.future).toEqual([]);
    expect(run(state, { type: 'redo' })).toBe(state);
    expect(images(run(state, { type: 'undo' }))).toEqual(['a:one']);
  });

  it('undoes frame operations too, bringing back the frame that was being drawn', () => {
    let state = run(
      start(),
      { type: 'add-frame', id: 'b', image: 'blank' },
      { type: 'draw', image: 'b1' },
      { type: 'delete-frame' },
    );
    expect(images(state)).toEqual(['a:blank']);
    state = run(state, { type: 'undo' });
    expect(images(state)).toEqual(['a:blank', 'b:b1']);
    expect(state.document.current).toBe(1);
  });

  it('choosing a frame is not a step of undo', () => {
    const state = run(
      start(),
      { type: 'add-frame', id: 'b', image: 'blank' },
      { type: 'select-frame', index: 0 },
    );
    expect(state.past).toHaveLength(1);
    expect(state.document.current).toBe(0);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let state = start();
    for (let i = 0; i < HISTORY_LIMIT + 10; i += 1)
      state = run(state, { type: 'draw', image: `s${i}` });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it('a stroke that changes nothing is no step', () => {
    const state = start();
    expect(run(state, { type: 'draw', image: 'blank' })).toBe(state);
  });
});

describe('studio frame operations', () => {
  it('adds a blank frame after the current one and draws on it', () => {
    const state = run(
      start(),
      { type: 'add-frame', id: 'b', image: 'blank' },
      { type: 'select-frame', index: 0 },
      { type: 'add-frame', id: 'c', image: 'blank' },
    );
    expect(state.document.frames.map((f) => f.id)).toEqual(['a', 'c', 'b']);
    expect(state.document.current).toBe(1);
  });

  it('duplicates the current frame right after it', () => {
    const state = run(
      start(),
      { type: 'draw', image: 'cat' },
      { type: 'duplicate-frame', id: 'copy' },
    );
    expect(images(state)).toEqual(['a:cat', 'copy:cat']);
    expect(state.document.current).toBe(1);
  });

  it('deletes the current frame, never the last one left', () => {
    let state = run(
      start(),
      { type: 'add-frame', id: 'b', image: 'blank' },
      { type: 'add-frame', id: 'c', image: 'blank' },
    );
    state = run(state, { type: 'delete-frame' });
    expect(state.document.frames.map((f) => f.id)).toEqual(['a', 'b']);
    expect(state.document.current).toBe(1);
    state = run(state, { type: 'delete-frame' });
    expect(state.document.frames.map((f) => f.id)).toEqual(['a']);
    expect(run(state, { type: 'delete-frame' })).toBe(state);
  });

  it('reorders frames; the frame being drawn stays selected', () => {
    let state = run(
      start(),
      { type: 'add-frame', id: 'b', image: 'blank' },
      { type: 'add-frame', id: 'c', image: 'blank' },
      { type: 'select-frame', index: 0 },
    );
    state = run(state, { type: 'move-frame', from: 0, to: 2 });
    expect(state.document.frames.map((f) => f.id)).toEqual(['b', 'c', 'a']);
    expect(state.document.current).toBe(2);
    expect(run(state, { type: 'move-frame', from: 0, to: 5 })).toBe(state);
    expect(run(state, { type: 'undo' }).document.frames.map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });

  it(`stops at ${MAX_ANIMATION_FRAMES} frames`, () => {
    let state = start();
    for (let i = 1; i < MAX_ANIMATION_FRAMES + 5; i += 1) {
      state = run(state, { type: 'add-frame', id: `f${i}`, image: 'blank' });
    }
    expect(state.document.frames).toHaveLength(MAX_ANIMATION_FRAMES);
    expect(run(state, { type: 'duplicate-frame', id: 'x' })).toBe(state);
  });

  it('loading a project starts a fresh history', () => {
    const state = run(
      start(),
      { type: 'draw', image: 'x' },
      {
        type: 'load',
        document: { frames: [{ id: 'z', image: 'zz' }], current: 0 },
      },
    );
    expect(state.past).toEqual([]);
    expect(images(state)).toEqual(['z:zz']);
  });
});
