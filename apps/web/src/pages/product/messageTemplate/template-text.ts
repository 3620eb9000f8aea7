/**
 * Placeholders go into a template body by buttons (002 §5: the body must contain inserted template
 * text): `{name}` replaces the selection, or lands at the caret, or at the end when the body was
 * never focused.
 */
export function insertPlaceholder(
  text: string,
  name: string,
  start: number | null = null,
  end: number | null = null,
): { text: string; caret: number } {
  const token = `{${name}}`;
  const from = clamp(start ?? text.length, text.length);
  const to = Math.max(from, clamp(end ?? from, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), max);
