import { describe, expect, it } from 'vitest';
import { parseCli } from './args.js';

describe('parseCli', () => {
  it('has safe defaults', () => {
    expect(parseCli([])).toEqual({
      port: 0,
      host: '127.0.0.1',
      apiKey: undefined,
      name: undefined,
      speed: 1,
      psuControl: true,
    });
  });

  it('reads every option', () => {
    expect(
      parseCli([
        '--port',
        '5000',
        '--host',
        '0.0.0.0',
        '--api-key',
        'K',
        '--name',
        'MK4',
        '--speed',
        '10',
      ]),
    ).toEqual({
      port: 5000,
      host: '0.0.0.0',
      apiKey: 'K',
      name: 'MK4',
      speed: 10,
      psuControl: true,
    });
    // a stock OctoPrint has no PSU Control plugin (issue 30)
    expect(parseCli(['--no-psu'])).toMatchObject({ psuControl: false });
    expect(parseCli(['--help'])).toBe('help');
  });

  it('refuses bad values and unknown options', () => {
    expect(() => parseCli(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCli(['--speed', '-2'])).toThrow(/--speed/);
    expect(() => parseCli(['--colour', 'red'])).toThrow();
  });
});
