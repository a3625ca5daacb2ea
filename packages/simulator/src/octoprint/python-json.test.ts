import { describe, expect, it } from 'vitest';
import { pyFloat, pythonJson } from './python-json.js';

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

describe('PythonFloat', () => {
  it('writes a wrapped whole number as a float and leaves plain numbers and None alone', () => {
    const text = pythonJson({
      progress: { completion: pyFloat(0), printTime: 0, filepos: 0, printTimeLeft: null },
      done: { completion: 100 },
      currentZ: pyFloat(0.2),
      list: [pyFloat(5), 5, pyFloat(null)],
    });
    expect(text).toBe(
      '{"progress":{"completion":0.0,"printTime":0,"filepos":0,"printTimeLeft":null},' +
        '"done":{"completion":100},"currentZ":0.2,"list":[5.0,5,null]}',
    );
    expect(JSON.stringify({ z: pyFloat(5) })).toBe('{"z":5}');
  });
});
