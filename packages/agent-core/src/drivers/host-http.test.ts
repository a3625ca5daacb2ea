import { describe, expect, it } from 'vitest';
import { boundDeviceText, MAX_DEVICE_TEXT, replaceTags } from './host-http.js';

describe('boundDeviceText: device text as users may see it', () => {
  it('turns an HTML error page into its words, without markup, scripts or styles', () => {
    const page =
      '<!doctype html><html><head><title>500 Internal Server Error</title><style>body{color:red}</style>' +
      '<script>alert(1)</script></head><body><h1>Internal Server Error</h1><p>Boom &amp; more</p></body></html>';
    const text = boundDeviceText(page);
    expect(text).toBe('500 Internal Server Error Internal Server Error Boom more');
    expect(text).not.toMatch(/[<>]|alert|color/);
  });

  it('removes control characters and bounds the length', () => {
    expect(boundDeviceText('MAXTEMP\u0000 triggered!\r\n')).toBe('MAXTEMP triggered!');
    const long = boundDeviceText('x'.repeat(10_000));
    expect(long).toHaveLength(MAX_DEVICE_TEXT);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('replaceTags (checklist C25)', () => {
  it('turns each tag into a space and leaves an unclosed < alone', () => {
    expect(replaceTags('a<b>c<d')).toBe('a c<d');
    expect(replaceTags('<<x>>')).toBe(' >');
    expect(replaceTags(`<p>${'<'.repeat(50_000)}`)).toBe(` ${'<'.repeat(50_000)}`);
  });
});
