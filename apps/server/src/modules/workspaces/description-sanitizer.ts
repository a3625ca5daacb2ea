import { Parser } from 'htmlparser2';
import { DESCRIPTION_ALLOWED_TAGS } from '@printdeck/shared';

const ALLOWED = new Set<string>(DESCRIPTION_ALLOWED_TAGS);
const VOID = new Set(['br']);
/** Elements whose content is code or foreign markup, never text a reader should see. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
  'head',
]);

/**
 * An opening tag that closes the element on top first, as the tokenizer does (htmlparser2's
 * openImpliesClose, limited to the allowed elements): applied to the elements kept, so a second
 * pass over the output sees the same structure.
 */
const CLOSED_BY_OPENING: Readonly<Record<string, readonly string[]>> = {
  li: ['li'],
  p: ['p'],
  ol: ['p'],
  ul: ['p'],
};

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The workspace description's HTML rebuilt from a real tokenizer's events (checklist C34): only
 * the allowed elements, never an attribute, text always escaped, comments and the content of
 * script-like elements dropped, every element closed. Anything not understood becomes text or
 * disappears, so the output is safe whatever the input was; sanitising it again changes nothing.
 */
export function sanitizeDescription(html: string): string {
  let output = '';
  const open: string[] = [];
  /** > 0 while inside an element that is dropped with its content */
  let dropDepth = 0;

  const parser = new Parser(
    {
      onopentag(name) {
        if (dropDepth > 0 || DROPPED_WITH_CONTENT.has(name)) {
          dropDepth += 1;
        } else if (ALLOWED.has(name)) {
          while (CLOSED_BY_OPENING[name]?.includes(open.at(-1) ?? '')) output += `</${open.pop()}>`;
          output += `<${name}>`;
          if (!VOID.has(name)) open.push(name);
        }
      },
      onclosetag(name) {
        if (dropDepth > 0) {
          dropDepth -= 1;
          return;
        }
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        for (const element of open.splice(at).reverse()) output += `</${element}>`;
      },
      ontext(text) {
        if (dropDepth === 0) output += escapeText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  for (const element of open.reverse()) output += `</${element}>`;
  return output;
}
