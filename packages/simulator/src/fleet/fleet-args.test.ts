import { describe, expect, it } from 'vitest';
import { parseFleetArgs } from './fleet-args.js';
import { planFleet } from './fleet.js';

const noFiles = (path: string): string => {
  throw new Error(`ENOENT: ${path}`);
};
const SERVER = ['--server', 'http://127.0.0.1:8080'];

describe('parseFleetArgs', () => {
  it('reads counts and an account with a workspace', () => {
    const args = parseFleetArgs(
      [
        ...SERVER,
        '--octoprint',
        '2',
        '--moonraker',
        '1',
        '--email',
        'a@b.cz',
        '--password',
        'pw',
        '--workspace',
        '3',
      ],
      noFiles,
    );
    expect(args).toEqual({
      options: {
        server: 'http://127.0.0.1:8080',
        counts: { octoprint: 2, moonraker: 1, pill: 0, prusalink: 0, bambu: 0 },
        speed: 1,
        account: { email: 'a@b.cz', password: 'pw', workspace: 3 },
        // identities kept between starts, so saved keys pair again
        stateDir: expect.stringMatching(/printdeck-fleet$/),
      },
      logLevel: 'warn',
    });
  });

  it('reads keys from a JSON array or one per line', () => {
    const json = parseFleetArgs(
      [...SERVER, '--pill', '1', '--keys-file', 'k.json'],
      () => '["K1","K2"]',
    );
    expect(json).toMatchObject({ options: { keys: ['K1', 'K2'] } });
    const lines = parseFleetArgs(
      [...SERVER, '--pill', '1', '--keys-file', 'k.txt'],
      () => '# keys\nK1\n\n K2 \n',
    );
    expect(lines).toMatchObject({ options: { keys: ['K1', 'K2'] } });
  });

  it('says what is wrong', () => {
    const fails = (argv: string[]) => () => parseFleetArgs(argv, noFiles);
    expect(fails(['--octoprint', '1'])).toThrow('--server');
    expect(fails([...SERVER])).toThrow('printers');
    expect(fails([...SERVER, '--octoprint', '2.5'])).toThrow('whole number');
    expect(fails([...SERVER, '--octoprint', '1'])).toThrow('--email and --password');
    expect(fails([...SERVER, '--octoprint', '1', '--keys-file', 'x'])).toThrow('cannot read x');
    expect(
      fails([...SERVER, '--octoprint', '1', '--email', 'e', '--password', 'p', '--workspace', 'x']),
    ).toThrow('--workspace');
  });
});

describe('planFleet', () => {
  it('names every printer, kind by kind', () => {
    expect(planFleet({ octoprint: 2, moonraker: 1, pill: 1 })).toEqual([
      { kind: 'octoprint', name: 'OctoPrint 1' },
      { kind: 'octoprint', name: 'OctoPrint 2' },
      { kind: 'moonraker', name: 'Klipper 1' },
      { kind: 'pill', name: 'Pill 1' },
    ]);
  });
});
