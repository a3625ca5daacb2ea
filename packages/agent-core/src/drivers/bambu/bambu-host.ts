/** `mqtts://10.0.0.5:8883/x` → `10.0.0.5`: scheme dropped, cut at the first `:` or `/`. */
export function hostOf(url: string): string {
  const rest = url.replace(/^[a-z]+:\/\//i, '');
  const cut = rest.search(/[:/]/);
  return cut < 0 ? rest : rest.slice(0, cut);
}
