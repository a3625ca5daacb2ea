import { describe, expect, it } from 'vitest';
import { buildAgentInstallCommand, shellQuote } from './agent-install.schema.js';

describe('buildAgentInstallCommand', () => {
  it('downloads from the server, passes the key on standard input, names the printer', () => {
    const command = buildAgentInstallCommand({
      serverUrl: 'https://printdeck.example/',
      deviceKey: 'abcdefghijkl.SECRET',
      kind: 'moonraker',
    });
    expect(command).toBe(
      "curl -fsSL 'https://printdeck.example/agent/install.sh' -o printdeck-install.sh && " +
        "echo 'abcdefghijkl.SECRET' | sudo bash printdeck-install.sh " +
        "--server 'https://printdeck.example' --moonraker 'http://127.0.0.1:7125'",
    );
    // the key is in no URL of the command
    for (const url of command.match(/https?:\/\/[^' ]+/g) ?? []) {
      expect(url).not.toContain('SECRET');
    }
  });

  it('names a Bambu printer by address and serial; the access code is never in the command', () => {
    const command = buildAgentInstallCommand({
      serverUrl: 'https://printdeck.example',
      deviceKey: 'KEY',
      kind: 'bambu',
      printerUrl: '192.168.1.40',
      bambuSerial: '01P00A451601106',
    });
    expect(command).toMatch(/--bambu '192\.168\.1\.40' --bambu-serial '01P00A451601106'$/);
  });

  it('quotes for the shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});
