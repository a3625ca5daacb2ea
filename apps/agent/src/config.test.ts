import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnvFile, resolveConfig, type ConfigSources } from './config.js';

const BASE = ['--server', 'https://printdeck.example', '--key', 'DEVICEKEY'];

function resolve(
  argv: string[],
  env: ConfigSources['env'] = {},
  files: Record<string, string> = {},
) {
  return resolveConfig({
    argv,
    env,
    readFile: (path) => {
      if (!(path in files)) throw new Error('ENOENT: no such file');
      return files[path]!;
    },
  });
}

const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('resolveConfig', () => {
  it('reads an OctoPrint agent from the command line', () => {
    expect(resolve([...BASE, '--octoprint', 'http://127.0.0.1:5000', '--api-key', 'K'])).toEqual({
      serverUrl: 'https://printdeck.example',
      deviceKey: 'DEVICEKEY',
      printer: { kind: 'octoprint', url: 'http://127.0.0.1:5000', apiKey: 'K' },
      downloadDir: undefined,
      stateDir: expect.stringMatching(/printdeck-agent$/),
      logLevel: 'info',
    });
  });

  it('takes the networks a smart plug may be read in, and refuses one that is not a network', () => {
    const moon = [...BASE, '--moonraker', 'http://voron:7125'];
    expect(resolve([...moon, '--plug-networks', '192.168.1.0/24, fd00::/8'])).toMatchObject({
      plugNetworks: ['192.168.1.0/24', 'fd00::/8'],
    });
    expect(resolve(moon, { PRINTDECK_PLUG_NETWORKS: '10.1.0.0/16' })).toMatchObject({
      plugNetworks: ['10.1.0.0/16'],
    });
    expect(failure(() => resolve([...moon, '--plug-networks', '192.168.1.0/33']))).toContain(
      '--plug-networks: "192.168.1.0/33" is not a network',
    );
  });

  it('takes the Moonraker power device by name, "none" for none, and refuses a bad name', () => {
    const moon = [...BASE, '--moonraker', 'http://voron:7125'];
    expect(resolve([...moon, '--power-device', 'psu'])).toMatchObject({
      printer: { kind: 'moonraker', powerDevice: 'psu' },
    });
    expect(resolve(moon, { MOONRAKER_POWER_DEVICE: 'none' })).toMatchObject({
      printer: { powerDevice: null },
    });
    expect(failure(() => resolve([...moon, '--power-device', 'a b;rm']))).toMatch(/--power-device/);
  });

  it('reads a PrusaLink printer with a password or a key, and needs exactly one', () => {
    const prusa = [...BASE, '--prusalink', 'http://192.168.1.30'];
    expect(resolve(prusa, { PRUSALINK_PASSWORD: 'secret' })).toMatchObject({
      printer: { kind: 'prusalink', url: 'http://192.168.1.30', password: 'secret' },
    });
    expect(resolve([...prusa, '--prusalink-api-key', 'KEY'])).toMatchObject({
      printer: { kind: 'prusalink', apiKey: 'KEY' },
    });
    expect(failure(() => resolve(prusa))).toMatch(/--prusalink-password or --prusalink-api-key/);
    expect(
      failure(() =>
        resolve([...prusa, '--moonraker', 'http://v:7125', '--prusalink-api-key', 'K']),
      ),
    ).toMatch(/exactly one/);
  });

  it('reads a Bambu Lab printer: address, serial, access code; pins its certificate in the state dir', () => {
    const bambu = [...BASE, '--bambu', '192.168.1.40', '--state-dir', '/var/lib/agent'];
    expect(
      resolve([...bambu, '--bambu-serial', '01P00A451601106'], { BAMBU_ACCESS_CODE: '27418093' }),
    ).toMatchObject({
      printer: {
        kind: 'bambu',
        url: '192.168.1.40',
        serial: '01P00A451601106',
        accessCode: '27418093',
        pinFile: '/var/lib/agent/bambu-01P00A451601106.sha256',
      },
    });
    const full = [...bambu, '--bambu-serial', '01P00A451601106', '--bambu-access-code', 'AB12cd34'];
    expect(resolve([...full, '--bambu-mqtt-port', '18883'])).toMatchObject({
      printer: { mqttPort: 18883 },
    });
    expect(failure(() => resolve(bambu))).toMatch(/--bambu-serial and --bambu-access-code/);
    expect(failure(() => resolve([...full, '--bambu-access-code', '123']))).toMatch(
      /--bambu-access-code: the 8-character code/,
    );
    expect(failure(() => resolve([...full, '--bambu-mqtt-port', '99999']))).toMatch(
      /--bambu-mqtt-port must be a port number/,
    );
    expect(failure(() => resolve([...full, '--bambu', 'http://x/;rm']))).toMatch(/--bambu:/);
  });

  it('keeps its identity in --state-dir or PRINTDECK_STATE_DIR', () => {
    const args = [...BASE, '--octoprint', 'http://127.0.0.1:5000'];
    expect(resolve([...args, '--state-dir', '/var/lib/agent'])).toMatchObject({
      stateDir: '/var/lib/agent',
    });
    const fromEnv = resolveConfig({
      argv: args,
      env: { PRINTDECK_STATE_DIR: '/srv/agent' },
      readFile: () => '{}',
    });
    expect(fromEnv).toMatchObject({ stateDir: '/srv/agent' });
  });

  it('reads a pill and a Moonraker', () => {
    const pill = resolve([...BASE, '--octoprint', 'http://pill', '--api-key', 'K', '--pill']);
    expect(pill).toMatchObject({ printer: { kind: 'pill' } });
    expect(resolve([...BASE, '--moonraker', 'http://voron:7125'])).toMatchObject({
      printer: { kind: 'moonraker', url: 'http://voron:7125' },
    });
  });

  it('takes everything from the environment', () => {
    const env = {
      PRINTDECK_SERVER: 'http://127.0.0.1:8080',
      PRINTDECK_KEY: 'ENVKEY',
      MOONRAKER_URL: 'http://127.0.0.1:7125',
      MOONRAKER_API_KEY: 'MK',
      LOG_LEVEL: 'debug',
    };
    expect(resolve([], env)).toMatchObject({
      serverUrl: 'http://127.0.0.1:8080',
      deviceKey: 'ENVKEY',
      printer: { kind: 'moonraker', apiKey: 'MK' },
      logLevel: 'debug',
    });
  });

  it('command line over environment over config file', () => {
    const file = JSON.stringify({
      server: 'http://from-file',
      key: 'FILEKEY',
      octoprint: 'http://octo',
      'api-key': 'FILEAPI',
      'log-level': 'warn',
    });
    const config = resolve(
      ['--config', 'agent.json', '--key', 'CLIKEY'],
      { PRINTDECK_SERVER: 'http://from-env' },
      { 'agent.json': file },
    );
    expect(config).toMatchObject({
      serverUrl: 'http://from-env',
      deviceKey: 'CLIKEY',
      printer: { kind: 'octoprint', apiKey: 'FILEAPI' },
      logLevel: 'warn',
    });
  });

  it('takes an OctoPrint without a key: the server hands over the one the workspace keeps', () => {
    expect((resolve([...BASE, '--octoprint', 'http://o']) as { printer: unknown }).printer).toEqual(
      {
        kind: 'octoprint',
        url: 'http://o',
      },
    );
  });

  it('says clearly what is wrong', () => {
    expect(failure(() => resolve(['--key', 'K', '--moonraker', 'http://m']))).toContain(
      '--server is required',
    );
    expect(failure(() => resolve([...BASE]))).toContain(
      'either --octoprint, --moonraker, --prusalink or --bambu',
    );
    expect(
      failure(() => resolve([...BASE, '--octoprint', 'http://o', '--moonraker', 'http://m'])),
    ).toContain('exactly one');
    expect(failure(() => resolve([...BASE, '--moonraker', 'ftp://m']))).toContain(
      '--moonraker must be a URL',
    );
    expect(
      failure(() => resolve([...BASE, '--moonraker', 'http://m', '--log-level', 'loud'])),
    ).toContain('--log-level');
    expect(failure(() => resolve([...BASE, '--bogus']))).toContain('bogus');
    expect(failure(() => resolve(['--config', 'missing.json']))).toContain('cannot read');
    expect(failure(() => resolve(['--config', 'a.json'], {}, { 'a.json': '{nope' }))).toContain(
      'not valid JSON',
    );
    expect(
      failure(() => resolve(['--config', 'a.json'], {}, { 'a.json': '{"colour":"red"}' })),
    ).toContain('unknown option');
  });

  it("reads the installer's NAME=value config file, with comments and quotes", () => {
    const file = [
      '# written by the Printdeck installer',
      'PRINTDECK_SERVER=https://printdeck.example',
      "PRINTDECK_KEY='DEVICEKEY'",
      'MOONRAKER_URL="http://127.0.0.1:7125"',
      'PRINTDECK_STATE_DIR=/var/lib/printdeck-agent',
      'download-dir=/var/tmp',
      '',
    ].join('\n');
    expect(resolve(['--config', '/etc/agent.conf'], {}, { '/etc/agent.conf': file })).toEqual({
      serverUrl: 'https://printdeck.example',
      deviceKey: 'DEVICEKEY',
      printer: { kind: 'moonraker', url: 'http://127.0.0.1:7125' },
      downloadDir: '/var/tmp',
      stateDir: '/var/lib/printdeck-agent',
      logLevel: 'info',
    });
  });

  it('names the line of a bad config file', () => {
    const files = {
      '/a.conf': 'PRINTDECK_SERVER=https://x\nthis is not a setting\n',
      '/b.conf': 'PRINTDECK_SERVER=https://x\nCOLOUR=blue\n',
      '/c.conf': '{"server": ',
    };
    expect(failure(() => resolve(['--config', '/a.conf'], {}, files))).toBe(
      '/a.conf line 2: expected NAME=value',
    );
    expect(failure(() => resolve(['--config', '/b.conf'], {}, files))).toBe(
      '/b.conf line 2: unknown setting COLOUR',
    );
    expect(failure(() => resolve(['--config', '/c.conf'], {}, files))).toBe(
      'the config file /c.conf is not valid JSON',
    );
    expect(failure(() => resolve(['--config', '/missing.conf'], {}, files))).toMatch(
      /^cannot read the config file \/missing.conf/,
    );
  });

  it('tells its version', () => {
    expect(resolve(['--version'])).toBe('version');
  });

  it('asks for help', () => {
    expect(resolve(['--help'])).toBe('help');
  });
});

describe('parseEnvFile with adversarial lines (checklist C25)', () => {
  it('reads a value after 50,000 spaces and rejects a line broken by a carriage return', () => {
    expect(() => parseEnvFile('agent.env', `PRINTDECK_SERVER=${' '.repeat(50_000)}x\ry`)).toThrow(
      /agent\.env line 1: expected NAME=value/,
    );
  });
});
