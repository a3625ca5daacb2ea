import { describe, expect, it } from 'vitest';
import { trimLeadingSlashes, trimTrailingSlashes } from './trim-slashes.js';

describe('slash trimming (checklist C25: linear, no regex)', () => {
  it('trims only the trailing or only the leading slashes', () => {
    expect(trimTrailingSlashes('https://a.test/x///')).toBe('https://a.test/x');
    expect(trimTrailingSlashes('///')).toBe('');
    expect(trimTrailingSlashes('')).toBe('');
    expect(trimLeadingSlashes('//a/b/')).toBe('a/b/');
  });

  it('keeps 50,000 slashes followed by another character as they are', () => {
    const text = `${'/'.repeat(50_000)}x`;
    expect(trimTrailingSlashes(text)).toBe(text);
    expect(trimLeadingSlashes(`x${'/'.repeat(50_000)}`)).toBe(`x${'/'.repeat(50_000)}`);
    expect(trimTrailingSlashes(`a${'/'.repeat(50_000)}`)).toBe('a');
  });
});
