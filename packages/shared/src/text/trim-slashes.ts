/**
 * Slash trimming without a regex: `/\/+$/` is quadratic on long runs of slashes followed by
 * another character (security checklist C25), these loops are linear.
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end -= 1;
  return text.slice(0, end);
}

export function trimLeadingSlashes(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 47) start += 1;
  return text.slice(start);
}
