/** How the reasons and the pages name children (shared, so both say the same). */

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** A helper older than the activities, with their age, which is why they help: "Sam (17)". */
export const helperName = (child: { name: string; age: number }): string =>
  `${child.name.trim()} (${Math.floor(child.age)})`;
