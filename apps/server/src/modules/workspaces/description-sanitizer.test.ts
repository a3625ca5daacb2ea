import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './description-sanitizer.js';

describe('sanitizeDescription', () => {
  it('keeps the rich-text elements of the editor', () => {
    const html =
      '<p><strong>Open</strong> <em>daily</em>, <u>bring</u> <b>PLA</b> and <i>PETG</i></p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><p>line<br>break</p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers and every other attribute', () => {
    expect(
      sanitizeDescription('<p onclick="alert(1)" class="x">Hi<script>alert(2)</script></p>'),
    ).toBe('<p>Hi</p>');
    expect(sanitizeDescription('<img src=x onerror=alert(1)><b style="color:red">b</b>')).toBe(
      '<b>b</b>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">link</a>')).toBe('link');
    expect(sanitizeDescription('<svg><script>alert(1)</script><b>x</b></svg>after')).toBe('after');
    expect(sanitizeDescription('<style>body{}</style><!-- note --><p>t</p>')).toBe('<p>t</p>');
  });

  it('escapes text, so markup hidden in entities or broken tags stays text', () => {
    expect(sanitizeDescription('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(sanitizeDescription('a < b > c & d')).toBe('a &lt; b &gt; c &amp; d');
    expect(sanitizeDescription('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('closes what was left open and ignores stray closing tags', () => {
    expect(sanitizeDescription('<ul><li><b>bold')).toBe('<ul><li><b>bold</b></li></ul>');
    expect(sanitizeDescription('text</em></ul>')).toBe('text');
  });

  it('is idempotent and never lets an element, attribute or handler outside the list through', () => {
    const tag = fc.constantFrom('b', 'p', 'script', 'img', 'a', 'li', 'ul', 'svg', 'style', 'em');
    const piece = fc.oneof(
      tag.map((name) => `<${name}>`),
      tag.map((name) => `</${name}>`),
      tag.map((name) => `<${name} onclick="x()" href="javascript:y">`),
      fc.constantFrom('&lt;', '&amp;', '<!--', '-->', '<', '>', '"', "'", '&#60;script&#62;'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const once = sanitizeDescription(pieces.join(''));
        expect(sanitizeDescription(once)).toBe(once);
        for (const element of once.match(/<\/?([a-z0-9]+)[^>]*>/gi) ?? []) {
          expect(element).toMatch(/^<\/?(b|strong|i|em|u|ol|ul|li|p|br)>$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
