/**
 * `load` called once, its promise shared by every caller; a failure is forgotten, so that the next
 * call tries again (a chunk that could not be fetched offline, say).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
