import type { z } from 'zod';
import { loadOnce } from './load-once';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type SchemaCheck<S extends z.ZodType> =
  | { success: true; data: z.output<S> }
  | { success: false; errors: FieldErrors<Extract<keyof z.input<S>, string>> };

/**
 * A core schema that loads (with zod) when a form first needs it, not with the page: for the
 * sign-in form, on the first page most visitors load, whose scripts must arrive and run before a
 * parent on a phone can use it. `preload` starts loading early, when the parent reaches a field. A
 * load that failed (offline before the service worker held it) is tried again next time.
 */
export function lazySchema<S extends z.ZodType>(
  load: () => Promise<S>,
): { check: (values: unknown) => Promise<SchemaCheck<S>>; preload: () => void } {
  const loaded = loadOnce(load);
  return {
    async check(values) {
      const parsed = (await loaded()).safeParse(values);
      if (parsed.success) return { success: true, data: parsed.data };
      // The first message of each field, as the app's other forms (react-hook-form) show them.
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string') errors[field] ??= issue.message;
      }
      return { success: false, errors };
    },
    preload: () => void loaded().catch(() => undefined),
  };
}
