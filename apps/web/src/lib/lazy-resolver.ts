import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema (and zod with it) loads when the form first validates, not with
 * the page: for the forms of a first route (sign-in), whose scripts must arrive and run before a
 * parent on a phone can use them. `preload` starts loading early, when the parent reaches a field.
 * A load that failed (offline before the service worker held it) is tried again next time.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): { resolver: Resolver<TValues, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded().catch(() => undefined),
  };
}
