import type { TAddChildBody } from '@kkb/core/family/schema';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readQueue } from '../../../lib/offline-queue';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { useAddChild } from './add-child';
import { getProfileQueryOptions } from './get-profile';

const ADD = 'POST /api/v1/profile/children';
let server: FakeFetch;
let queryClient: QueryClient;

beforeEach(() => {
  server = installFakeFetch();
  queryClient = createQueryClient();
  queryClient.setQueryData(getProfileQueryOptions().queryKey, completeProfile());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAddChild() {
  return renderHook(useAddChild, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  }).result;
}

const listedChildren = () =>
  queryClient
    .getQueryData(getProfileQueryOptions().queryKey)
    ?.familyInfo.children.map((child) => [child.id, child.name]);

describe('adding a child online', () => {
  it('a call that gets no answer is queued under the clientId it carried and listed at once', async () => {
    server.on(ADD, () => Promise.reject(new TypeError('Failed to fetch')));
    const addChild = renderAddChild();

    const { queued, child } = await addChild.current.mutateAsync({ name: 'Mia', age: 4 });

    expect(queued).toBe(true);
    const [request] = server.requestsTo(ADD);
    const sent = request?.body as TAddChildBody;
    expect(sent).toMatchObject({ name: 'Mia', age: 4, clientId: expect.any(String) });
    // Queued under the id the lost call carried: if it did arrive, the sync answers duplicate.
    expect(await readQueue()).toEqual([
      expect.objectContaining({
        clientId: sent.clientId,
        kind: 'addChild',
        payload: expect.objectContaining({ name: 'Mia', age: 4 }),
      }),
    ]);
    expect(child.id).toBe(sent.clientId);
    expect(listedChildren()).toEqual([
      ['child-1', 'Noa'],
      [sent.clientId, 'Mia'],
    ]);
  });

  it('a refusal shows its error: nothing queued, nothing listed', async () => {
    server.on(ADD, () =>
      jsonResponse(400, {
        detail: 'A family can have at most 12 children',
        code: 'VALIDATION_ERROR',
      }),
    );
    const addChild = renderAddChild();

    await expect(addChild.current.mutateAsync({ name: 'Mia', age: 4 })).rejects.toThrow(
      'A family can have at most 12 children',
    );
    expect(await readQueue()).toEqual([]);
    expect(listedChildren()).toEqual([['child-1', 'Noa']]);
  });

  it('answered, it is not queued and the profile is fetched again', async () => {
    const added = { ...completeProfile().familyInfo.children[0]!, id: 'child-2', name: 'Mia' };
    server.on(ADD, () => jsonResponse(201, added));
    const addChild = renderAddChild();

    await expect(addChild.current.mutateAsync({ name: 'Mia', age: 4 })).resolves.toEqual({
      child: added,
      queued: false,
    });
    expect(await readQueue()).toEqual([]);
    expect(queryClient.getQueryState(getProfileQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });
});
