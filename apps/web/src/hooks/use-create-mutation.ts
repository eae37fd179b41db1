import {
  useMutation,
  type DefaultError,
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';

/**
 * `useMutation` for a create a parent starts with a button (Save, Create, Mark as done, Join):
 * while one call is on its way, another (a double tap, the form sent a second time) joins it
 * instead of sending the create again, and `isPending` is true from the moment it is called.
 * TanStack Query tells its observers a task later, which leaves a double click time to send
 * twice before a Save button shows that it is busy (issue 29: two children named "Twin").
 * The API client's `Idempotency-Key` covers what the app cannot see: its own retries.
 */
export function useCreateMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef<Promise<TData> | null>(null);
  const [sending, setSending] = useState(false);

  const mutateAsync: UseMutateAsyncFunction<TData, TError, TVariables, TContext> = (...args) => {
    if (inFlight.current !== null) return inFlight.current;
    setSending(true);
    const call = mutation.mutateAsync(...args).finally(() => {
      inFlight.current = null;
      setSending(false);
    });
    inFlight.current = call;
    return call;
  };
  const mutate: UseMutateFunction<TData, TError, TVariables, TContext> = (...args) => {
    // As useMutation's mutate: the outcome reaches the callbacks and the result, never a throw.
    mutateAsync(...args).catch(() => undefined);
  };

  if (!sending || mutation.isPending) return { ...mutation, mutate, mutateAsync };
  // Called, but the query's own state has not said so yet.
  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: true,
    isIdle: false,
    isSuccess: false,
    isError: false,
    status: 'pending',
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
