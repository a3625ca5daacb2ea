import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('keeps the allowed tags without their attributes', () => {
    expect(sanitizeDescription('<p class="x" onclick="a()"><b>Bold</b> <EM>it</EM><br/></p>')).toBe(
      '<p><b>Bold</b> <em>it</em><br></p>',
    );
    expect(sanitizeDescription('<ul><li>one</li></ul><ol><li>two</li></ol>')).toBe(
      '<ul><li>one</li></ul><ol><li>two</li></ol>',
    );
  });

  it('drops a script with its content', () => {
    expect(sanitizeDescription('before<script>alert(1)</script>after')).toBe('beforeafter');
  });

  it('drops links and images but keeps their text, and escapes stray brackets', () => {
    expect(sanitizeDescription('<img src=x onerror="alert(1)"> 1 < 2 & "q"')).toBe(
      ' 1 &lt; 2 &amp; "q"',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeDescription('<svg><g onload="alert(1)"></g></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('keeps entities', () => {
    expect(sanitizeDescription('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });
});
