import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findNodeVersionProblem as findForStart,
  readRequiredVersion,
} from '../../../scripts/node-version.mjs';
import { REQUIRED_NODE_VERSION, findNodeVersionProblem } from './node-version.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const engines = (file: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { engines?: { node?: string } })
    .engines?.node;

describe('the Node.js version check (issue 24)', () => {
  it('asks for what engines.node says, in npm start and in the server', () => {
    const [major, minor] = REQUIRED_NODE_VERSION;
    expect(engines('package.json')).toBe(`>=${major}.${minor}`);
    expect(engines('apps/server/package.json')).toBe(`>=${major}.${minor}`);
    expect(readRequiredVersion()).toEqual([...REQUIRED_NODE_VERSION]);
  });

  it('names the needed version, this one, and how to get one; no stack', () => {
    for (const message of [
      findNodeVersionProblem('18.19.0', '/usr/bin/node'),
      findForStart('18.19.0', [...REQUIRED_NODE_VERSION]),
    ]) {
      expect(message).toMatch(
        /^Printdeck needs Node\.js 20\.19 or newer; this is Node\.js 18\.19\.0 /,
      );
      expect(message).toContain('nvm install 22');
      expect(message).toContain('deb.nodesource.com/setup_22.x');
      expect(message).not.toMatch(/\n\s+at /);
    }
    expect(findNodeVersionProblem('20.18.3', '/n')).not.toBeNull();
    expect(findNodeVersionProblem('12.22.9', '/n')).not.toBeNull();
  });

  it('lets a new enough Node.js through', () => {
    for (const version of ['20.19.0', '20.20.2', '22.0.0', '24.1.0']) {
      expect(findNodeVersionProblem(version, '/n')).toBeNull();
      expect(findForStart(version, [...REQUIRED_NODE_VERSION])).toBeNull();
    }
  });
});
