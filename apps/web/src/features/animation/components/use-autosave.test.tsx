import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
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

beforeEach(() => {
  localStorage.clear();
  server = installFakeFetch();
  server.on('POST /api/v1/animations', () => jsonResponse(201, saved('anim-1')));
  server.on('PUT /api/v1/animations/anim-1', () => jsonResponse(200, saved('anim-1')));
});

describe('useAutosave', () => {
  it('keeps every change in this browser at once, then creates the animation on the server', async () => {
    const onSaved = vi.fn();
    const first = draft();
    const { result } = renderHook(({ value }) => useAutosave(value, onSaved), {
      wrapper,
      initialProps: { value: first },
    });
    expect(readDraft()).toEqual(first);
    expect(result.current.status.state).toBe('unsaved');
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });
    const [request] = server.requestsTo('POST /api/v1/animations');
    expect(request?.body).toEqual({
      title: 'Ball',
      fps: 6,
      loop: true,
      frames: [
        { id: 'a', png: btoa('png-a') },
        { id: 'b', png: btoa('png-b') },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith(saved('anim-1'), true);
    expect(readDraft()).toMatchObject({ animationId: 'anim-1', dirty: false });
  });

  it('sends only the frames the server does not have yet', async () => {
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
    const [request] = server.requestsTo('PUT /api/v1/animations/anim-1');
    expect((request?.body as { frames: unknown }).frames).toEqual([
      { id: 'a' },
      { id: 'b', png: btoa('png-b2') },
      { id: 'c', png: btoa('png-c') },
    ]);
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
