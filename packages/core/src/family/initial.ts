let graphemes: Intl.Segmenter | undefined;

/** The first grapheme of a text: what a reader sees as its first character. */
function firstGrapheme(text: string): string {
  if (typeof Intl.Segmenter === 'function') {
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const { segment } of graphemes.segment(text)) return segment;
    return '';
  }
  // Without Intl.Segmenter, at least a whole code point: never half of an emoji.
  return Array.from(text)[0] ?? '';
}

/**
 * What an avatar shows for a person's name (a child, a member, the signed-in user): its first
 * grapheme, upper-cased, so "émile" gives "É", "🦄 Luna" the unicorn and "👨‍👩‍👧 Team" the whole
 * family emoji; "?" for a blank name. A name's first UTF-16 unit would be half of an emoji, which
 * browsers draw as "?".
 */
export function nameInitial(name: string): string {
  const first = firstGrapheme(name.trim());
  return first === '' ? '?' : first.toLocaleUpperCase();
}
