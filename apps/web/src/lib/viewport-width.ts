/**
 * Whether a media `query` holds on a viewport `width` CSS pixels wide: its width conditions
 * (min-width / max-width in px) all hold; a query with none (colour scheme, motion, hover) does
 * not. For the places without a real `matchMedia`: the build's prerender and the tests.
 */
export function matchesViewportWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, px]) =>
    kind === 'min' ? width >= Number(px) : width <= Number(px),
  );
}
