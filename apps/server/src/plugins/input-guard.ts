import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/** Deepest JSON nesting a body may have; the API's own documents need fewer than 10 levels. */
export const MAX_JSON_DEPTH = 32;

export const NUL_CHARACTER_MESSAGE = 'Text may not contain the NUL character (U+0000)';
export const JSON_TOO_DEEP_MESSAGE = `JSON may be nested at most ${MAX_JSON_DEPTH} levels deep`;

/**
 * Walks a parsed JSON value without recursion (a hostile body must not overflow the stack) and
 * names the first problem: nesting deeper than MAX_JSON_DEPTH, or U+0000 in a key or a string
 * (PostgreSQL cannot store it in text, and no field of ours needs it).
 */
export function jsonProblem(value: unknown): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) return JSON_TOO_DEEP_MESSAGE;
    for (const [key, child] of Object.entries(item.value)) {
      if (key.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
      stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, before any route or sign-in check runs, input no route can use: U+0000 anywhere in the
 * address (path or query, percent-encoded as %00) and JSON bodies that are too deep or carry
 * U+0000. One place for every route, so no new route can forget it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw badRequest(NUL_CHARACTER_MESSAGE);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString(), (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const problem = jsonProblem(value);
      done(problem ? badRequest(problem) : null, problem ? undefined : value);
    });
  });
}
