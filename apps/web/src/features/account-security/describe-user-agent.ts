/** A person's name for a browser: "Firefox on Linux", from its User-Agent string. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      ['Edge', /Edg(e|A|iOS)?\//],
      ['Opera', /OPR\//],
      ['Firefox', /(Firefox|FxiOS)\//],
      ['Chrome', /(Chrome|CriOS|Chromium)\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  if (browser && system) return `${browser as string} · ${system as string}`;
  return (browser as string | null) ?? (system as string | null) ?? userAgent.slice(0, 60);
}
