/**
 * A colour picked with alpha as Spectoda takes it: a hex colour, and the brightness 0–100
 * derived from the alpha (spec part 1 §5 "Light brightness").
 */
export function toSpectodaColor(rgba: string): { hex: string; brightness: number } | null {
  const match = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(rgba);
  if (!match) return null;
  const channels = match.slice(1, 4).map(Number);
  if (channels.some((value) => value > 255)) return null;
  const alpha = match[4] === undefined ? 1 : Math.min(1, Math.max(0, Number(match[4])));
  const hex = `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  return { hex, brightness: Math.round(alpha * 100) };
}
