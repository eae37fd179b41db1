// Apart from get-activities.ts: the dashboard's recommendations use it, and should not bring the
// activity list's hooks to the first route.

/** `?a=1&b=x` of the params that carry a value. */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
