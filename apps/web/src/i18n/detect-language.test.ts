import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('cs', ['en-US'])).toBe('cs');
    expect(detectLanguage('en', ['cs-CZ'])).toBe('en');
  });

  it('ignores a stored value that is no locale', () => {
    expect(detectLanguage('de', ['cs'])).toBe('cs');
  });

  it('takes the first browser language it knows, by its base tag', () => {
    expect(detectLanguage(null, ['de-DE', 'cs-CZ', 'en'])).toBe('cs');
    expect(detectLanguage(null, ['en-GB', 'cs'])).toBe('en');
    expect(detectLanguage(null, ['CS'])).toBe('cs');
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, ['de', 'sk'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});
