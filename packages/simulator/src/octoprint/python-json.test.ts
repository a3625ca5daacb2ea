import { describe, expect, it } from 'vitest';
import { pythonJson } from './python-json.js';

describe('pythonJson', () => {
  it('writes whole temperatures as Python floats, the rest as JSON does', () => {
    const text = pythonJson({
      tool0: { actual: 21.3, target: 0, offset: 0 },
      bed: { actual: 60, target: 60, offset: 0 },
      history: [{ time: 1700000000, tool0: { actual: -1, target: null } }],
      name: 'target: 0',
    });
    expect(text).toBe(
      '{"tool0":{"actual":21.3,"target":0.0,"offset":0},' +
        '"bed":{"actual":60.0,"target":60.0,"offset":0},' +
        '"history":[{"time":1700000000,"tool0":{"actual":-1.0,"target":null}}],' +
        '"name":"target: 0"}',
    );
    expect(JSON.parse(text)).toMatchObject({ bed: { target: 60 } });
  });
});
