// Short labels made from what people typed (the outbox's "提交反馈：…"): cut at a whole character
// (a grapheme: an emoji or a combined character is never split) and marked with an ellipsis.
const graphemes = new Intl.Segmenter('zh', { granularity: 'grapheme' });

/** `text` trimmed to at most `max` characters, with "…" when something was cut. */
export function clipText(text: string, max: number): string {
  const chars = Array.from(graphemes.segment(text.trim()), (s) => s.segment);
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}
