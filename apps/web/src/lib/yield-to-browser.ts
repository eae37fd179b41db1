/**
 * Resolves in a task of its own, after the browser has had its turn to handle input and paint:
 * work started from there does not lengthen the task that asked for it.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
