import { DESCRIPTION_ALLOWED_TAGS } from '@printdeck/shared';

const ALLOWED = new Set<string>(DESCRIPTION_ALLOWED_TAGS);
const TAG = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g;

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The stored description once more through the server's allowlist (checklist C34): allowed
 * tags come back bare, without attributes; everything else, a script tag included, is
 * escaped and so shows as text.
 */
export function sanitizeDescription(html: string): string {
  let output = '';
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    output += escapeText(html.slice(last, match.index));
    const [whole, slash, name] = match;
    const tag = name!.toLowerCase();
    if (ALLOWED.has(tag)) output += tag === 'br' ? '<br>' : `<${slash}${tag}>`;
    else output += escapeText(whole);
    last = match.index + whole.length;
  }
  return output + escapeText(html.slice(last));
}

/** Whether the description holds any visible text. */
export function isDescriptionEmpty(html: string): boolean {
  return html.replace(TAG, '').trim() === '';
}
