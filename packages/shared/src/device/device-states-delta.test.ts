import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStatesDelta, computeStatesDelta, isEmptyStatesDelta } from './device-states-delta.js';

type State = { printer_id: number } & Record<string, unknown>;

const base = (id: number): State => ({
  printer_id: id,
  is_connected: true,
  updated_at: 1000,
  temperature: { tool0: { actual: 21.4, target: 0 }, bed: { actual: 20, target: 0 } },
  job: { progress: { completion: 10, printTime: 60 }, file: { name: 'a.gcode' } },
  ams: null,
});

/** Values as JSON carries them: what the stream sends and the tab reads back. */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('computeStatesDelta / applyStatesDelta', () => {
  it('names only the nested values that changed', () => {
    const after = viaJson(base(1));
    (after.temperature as { tool0: { actual: number } }).tool0.actual = 22.1;
    after.updated_at = 2000;
    const delta = computeStatesDelta([base(1)], [after]);
    expect(delta).toEqual({
      added: [],
      changed: [{ printer_id: 1, set: { '/updated_at': 2000, '/temperature/tool0/actual': 22.1 } }],
      removed: [],
    });
  });

  it('adds, removes, unsets and reorders', () => {
    const before = [base(1), base(2), base(3)];
    const { ams: _ams, ...withoutAms } = base(3);
    const after = [base(4), withoutAms as State, base(1)];
    const delta = computeStatesDelta(before, after);
    expect(delta.added.map((s) => s.printer_id)).toEqual([4]);
    expect(delta.removed).toEqual([2]);
    expect(delta.changed).toEqual([{ printer_id: 3, set: {}, unset: ['/ams'] }]);
    expect(delta.order).toEqual([4, 3, 1]);
    expect(applyStatesDelta(before, viaJson(delta)).states).toEqual(after);
  });

  it('keeps the objects of unchanged printers and says which are new', () => {
    const before = [base(1), base(2)];
    const after = [base(1), { ...base(2), is_connected: false }];
    const { states, patched } = applyStatesDelta(before, computeStatesDelta(before, after));
    expect(states[0]).toBe(before[0]);
    expect(patched).toEqual([after[1]]);
    expect(before[1]!.is_connected).toBe(true);
  });

  it('is empty between equal lists', () => {
    expect(isEmptyStatesDelta(computeStatesDelta([base(1)], [viaJson(base(1))]))).toBe(true);
  });

  it('keeps a key named __proto__ a key, and keys with / and ~', () => {
    const before = [{ printer_id: 1, klipper: viaJson({ 'a/b': 1, '~x': 1 }) }];
    const after = [
      { printer_id: 1, klipper: JSON.parse('{"a/b":2,"~x":3,"__proto__":{"polluted":1}}') },
    ];
    const { states } = applyStatesDelta(before, viaJson(computeStatesDelta(before, after)));
    expect(JSON.stringify(states)).toBe(JSON.stringify(after));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // the property: whatever the two lists, applying the delta (sent as JSON) to the old list
  // gives the new one, printers, values and order
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 4 }),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c/d', 'e~'), tie('value'), { maxKeys: 3 }),
    ),
  })).value;
  const states = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .dictionary(fc.constantFrom('state', 'temperature', 'job', 'ams'), json, {
            maxKeys: 4,
          })
          .map((rest) => viaJson({ ...rest, printer_id: id }) as State),
      ),
    ),
  );

  it('applying the delta to the old list gives the new list (property)', () => {
    fc.assert(
      fc.property(states, states, (before, after) => {
        const delta = viaJson(computeStatesDelta(before, after));
        expect(applyStatesDelta(viaJson(before), delta).states).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });

  it('a later list built from the earlier by small edits round-trips too (property)', () => {
    const edited = states.chain((before) =>
      fc.array(fc.tuple(fc.nat(), json), { maxLength: 4 }).map((edits) => {
        const after = viaJson(before);
        for (const [index, value] of edits) {
          const target = after[index % Math.max(1, after.length)];
          if (target) target.temperature = { tool0: { actual: value } };
        }
        // as JSON carries it: an edit of -0 reads back 0, as the tab would read it
        return [before, viaJson(after)] as const;
      }),
    );
    fc.assert(
      fc.property(edited, ([before, after]) => {
        const delta = viaJson(computeStatesDelta(before, after));
        expect(applyStatesDelta(before, delta).states).toEqual(after);
      }),
      { numRuns: 300 },
    );
  });
});
