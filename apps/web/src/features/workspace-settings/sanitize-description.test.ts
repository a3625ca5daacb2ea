import { describe, expect, it } from 'vitest';
import { isDescriptionEmpty, sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('keeps the allowed tags without their attributes', () => {
    expect(sanitizeDescription('<p class="x" onclick="a()"><b>Bold</b> <EM>it</EM><br/></p>')).toBe(
      '<p><b>Bold</b> <em>it</em><br></p>',
    );
    expect(sanitizeDescription('<ul><li>one</li></ul><ol><li>two</li></ol>')).toBe(
      '<ul><li>one</li></ul><ol><li>two</li></ol>',
    );
  });

  it('shows a script tag as text', () => {
    expect(sanitizeDescription('<script>alert(1)</script>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('escapes links, images and stray brackets', () => {
    expect(sanitizeDescription('<img src=x onerror="alert(1)"> 1 < 2 & "q"')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; 1 &lt; 2 &amp; &quot;q&quot;',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).not.toContain('<a');
  });

  it('keeps entities', () => {
    expect(sanitizeDescription('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });

  it('tells an empty description', () => {
    expect(isDescriptionEmpty('<p><br></p>')).toBe(true);
    expect(isDescriptionEmpty('<p>x</p>')).toBe(false);
  });
});
