import fc from 'fast-check';

/** Ids a client might send instead of a positive integer (checklist T06). */
export const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '[object Object]',
  'null',
  'undefined',
  '９',
  '%00',
  '%2e%2e',
  '..',
  'x'.repeat(300),
  '9'.repeat(40),
  '1%20OR%201=1',
  '%F0%9F%92%A9',
  'NaN',
  '0x10',
];

/** Any value where a field is expected: wrong types, huge, empty, nested, hostile keys. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'é'.repeat(5000),
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 4 }),
  fc.constantFrom({ __proto__: { isAdmin: true } }, { constructor: { prototype: { x: 1 } } }),
);

/** A nested JSON object `depth` levels deep (bounded: 32 levels is the server's limit). */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A request body: often shaped like the route's own, with wrong values; sometimes anything. */
export function bodyFor(properties: string[]): fc.Arbitrary<unknown> {
  const shaped =
    properties.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(properties.map((name) => [name, anyValue])), {
          requiredKeys: [],
        });
  const hostile = fc.record({
    __proto__: fc.constant({ polluted: true }),
    workspaceId: fc.integer(),
    role: fc.constantFrom('admin', 'owner'),
    is_admin: fc.boolean(),
  });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 60 }).map(nested) },
  );
}

/** Raw bodies that are not what their content type says. */
export const RAW_BODIES: Array<{ contentType: string; body: string }> = [
  { contentType: 'application/json', body: '{"a":' },
  { contentType: 'application/json', body: '['.repeat(5000) },
  { contentType: 'application/json', body: '\u0000\u0001' },
  { contentType: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'text/plain', body: 'name=x' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&a=2&b[c]=3' },
  { contentType: 'multipart/form-data', body: '--x\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.gcode"\r\n\r\nG28',
  },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name=""\r\n\r\nv\r\n--x--\r\n',
  },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
  { contentType: 'image/jpeg', body: '\u00ff\u00d8' },
];
