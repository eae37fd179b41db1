/**
 * A value made the first time it is asked for, then kept. For Intl formatters: made as a module
 * loads, each cost a phone's page start several milliseconds, for pages that mostly never use it.
 */
export function whenFirstUsed<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
