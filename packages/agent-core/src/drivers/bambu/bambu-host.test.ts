import { describe, expect, it } from 'vitest';
import { hostOf } from './bambu-host.js';

describe('hostOf (checklist C25)', () => {
  it('drops the scheme and cuts at the first : or /', () => {
    expect(hostOf('mqtts://10.0.0.5:8883/x')).toBe('10.0.0.5');
    expect(hostOf('10.0.0.5/x:1')).toBe('10.0.0.5');
    expect(hostOf('printer.local')).toBe('printer.local');
  });

  it('cuts 50,000 colons to nothing', () => {
    expect(hostOf(`mqtts://${':'.repeat(50_000)}x`)).toBe('');
  });
});
