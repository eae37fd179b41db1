import { FRAME_UPLOAD_NOT_FOUND_MESSAGE } from '@kkb/core/animation/schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { readDraft, type StudioDraft } from './project-storage';
import { useAutosave } from './use-autosave';

let server: FakeFetch;

const png = (label: string) => `data:image/png;base64,${btoa(`png-${label}`)}`;

function draft(overrides: Partial<StudioDraft> = {}): StudioDraft {
  return {
    projectKey: 'local-1',
    animationId: null,
    title: 'Ball',
    fps: 6,
    loop: true,
    document: {
      frames: [
        { id: 'a', image: png('a') },
        { id: 'b', image: png('b') },
      ],
      current: 0,
    },
    dirty: true,
    ...overrides,
  };
}

function saved(id: string) {
  const now = '2026-01-05T10:00:00.000Z';
  return {
    id,
    title: 'Ball',
    fps: 6,
    loop: true,
    frames: [
      { id: 'a', url: '/api/v1/files/download/a' },
      { id: 'b', url: '/api/v1/files/download/b' },
    ],
    createdAt: now,
    updatedAt: now,
  };
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

/** The fake server's frame uploads: each answers the next id, and remembers what it got. */
let uploads: { uploadId: string; bytes: Promise<string>; type: string }[];

beforeEach(() => {
  localStorage.clear();
  server = installFakeFetch();
  uploads = [];
  server.on('POST /api/v1/animations/frame-uploads', (request) => {
    const blob = request.body as Blob;
    const uploadId = `upload-${uploads.length + 1}`;
    uploads.push({ uploadId, bytes: blob.text(), type: blob.type });
    return jsonResponse(201, { uploadId });
  });
  server.on('POST /api/v1/animations', () => jsonResponse(201, saved('anim-1')));
  server.on('PUT /api/v1/animations/anim-1', () => jsonResponse(200, saved('anim-1')));
});

/** Every request the studio made, in order, as "METHOD path". */
const requestOrder = () =>
  server.fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
const UPLOAD = 'POST /api/v1/animations/frame-uploads';

describe('useAutosave', () => {
  it('keeps every change in this browser at once, then uploads each frame as PNG bytes and creates the animation naming them', async () => {
    const onSaved = vi.fn();
    const first = draft();
    const { result } = renderHook(({ value }) => useAutosave(value, onSaved), {
      wrapper,
      initialProps: { value: first },
    });
    expect(readDraft()).toEqual(first);
    expect(result.current.status.state).toBe('unsaved');
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });
    expect(requestOrder()).toEqual([UPLOAD, UPLOAD, 'POST /api/v1/animations']);
    expect(await Promise.all(uploads.map((u) => u.bytes))).toEqual(['png-a', 'png-b']);
    expect(uploads.map((u) => u.type)).toEqual(['image/png', 'image/png']);
    expect(server.requestsTo(UPLOAD)[0]?.headers.get('Content-Type')).toBe('image/png');
    const [request] = server.requestsTo('POST /api/v1/animations');
    expect(request?.body).toEqual({
      title: 'Ball',
      fps: 6,
      loop: true,
      frames: [
        { id: 'a', uploadId: 'upload-1' },
        { id: 'b', uploadId: 'upload-2' },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith(saved('anim-1'), true);
    expect(readDraft()).toMatchObject({ animationId: 'anim-1', dirty: false });
  });

  it('uploads only the frames the server does not have yet, before saving', async () => {
    const onSaved = vi.fn();
    const first = draft();
    const { rerender } = renderHook(({ value }) => useAutosave(value, onSaved), {
      wrapper,
      initialProps: { value: first },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 5000 });
    rerender({
      value: {
        ...first,
        animationId: 'anim-1',
        document: {
          frames: [
            { id: 'a', image: png('a') },
            { id: 'b', image: png('b2') },
            { id: 'c', image: png('c') },
          ],
          current: 2,
        },
      },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(requestOrder().slice(3)).toEqual([UPLOAD, UPLOAD, 'PUT /api/v1/animations/anim-1']);
    expect(await Promise.all(uploads.slice(2).map((u) => u.bytes))).toEqual(['png-b2', 'png-c']);
    const [request] = server.requestsTo('PUT /api/v1/animations/anim-1');
    expect((request?.body as { frames: unknown }).frames).toEqual([
      { id: 'a' },
      { id: 'b', uploadId: 'upload-3' },
      { id: 'c', uploadId: 'upload-4' },
    ]);
  });

  it('a save that failed keeps its uploads: trying again sends only the animation', async () => {
    server.on(
      'POST /api/v1/animations',
      () => jsonResponse(503, { detail: 'Service unavailable', code: 'UNKNOWN_ERROR' }),
      () => jsonResponse(201, saved('anim-1')),
    );
    const onSaved = vi.fn();
    const { result } = renderHook(({ value }) => useAutosave(value, onSaved), {
      wrapper,
      initialProps: { value: draft() },
    });
    await waitFor(() => expect(result.current.status.state).toBe('failed'), { timeout: 5000 });
    await act(() => result.current.saveNow());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(requestOrder()).toEqual([
      UPLOAD,
      UPLOAD,
      'POST /api/v1/animations',
      'POST /api/v1/animations',
    ]);
    const [, retried] = server.requestsTo('POST /api/v1/animations');
    expect((retried?.body as { frames: unknown }).frames).toEqual([
      { id: 'a', uploadId: 'upload-1' },
      { id: 'b', uploadId: 'upload-2' },
    ]);
  });

  it('uploads the server no longer has (kept a day) are sent again, and the save goes through', async () => {
    server.on(
      'POST /api/v1/animations',
      () => jsonResponse(400, { detail: FRAME_UPLOAD_NOT_FOUND_MESSAGE, code: 'VALIDATION_ERROR' }),
      () => jsonResponse(201, saved('anim-1')),
    );
    const onSaved = vi.fn();
    const { result } = renderHook(({ value }) => useAutosave(value, onSaved), {
      wrapper,
      initialProps: { value: draft() },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onSaved).toHaveBeenCalledWith(saved('anim-1'), true);
    expect(result.current.status.state).not.toBe('failed');
    expect(requestOrder()).toEqual([
      UPLOAD,
      UPLOAD,
      'POST /api/v1/animations',
      UPLOAD,
      UPLOAD,
      'POST /api/v1/animations',
    ]);
    const [, retried] = server.requestsTo('POST /api/v1/animations');
    expect((retried?.body as { frames: unknown }).frames).toEqual([
      { id: 'a', uploadId: 'upload-3' },
      { id: 'b', uploadId: 'upload-4' },
    ]);
  });

  it('an upload that fails stops the save and says why; nothing else is sent', async () => {
    server.on(UPLOAD, () =>
      jsonResponse(413, { detail: 'Each frame must be at most 256 KB', code: 'VALIDATION_ERROR' }),
    );
    const { result } = renderHook(({ value }) => useAutosave(value, vi.fn()), {
      wrapper,
      initialProps: { value: draft() },
    });
    await waitFor(() => expect(result.current.status.state).toBe('failed'), { timeout: 5000 });
    expect(result.current.status).toEqual({
      state: 'failed',
      message: 'Each frame must be at most 256 KB',
    });
    expect(requestOrder()).toEqual([UPLOAD]);
    expect(readDraft()).toMatchObject({ dirty: true, animationId: null });
  });

  it('says when a save failed, and keeps the draft', async () => {
    server.on('POST /api/v1/animations', () =>
      jsonResponse(400, {
        detail: 'A family can keep at most 20 animations',
        code: 'VALIDATION_ERROR',
      }),
    );
    const { result } = renderHook(({ value }) => useAutosave(value, vi.fn()), {
      wrapper,
      initialProps: { value: draft() },
    });
    await waitFor(() => expect(result.current.status.state).toBe('failed'), { timeout: 5000 });
    expect(result.current.status).toEqual({
      state: 'failed',
      message: 'A family can keep at most 20 animations',
    });
    expect(readDraft()).toMatchObject({ dirty: true, animationId: null });
  });
});
