/**
 * A fresh key for one user action (IETF httpapi-idempotency-key). crypto.randomUUID needs a
 * secure origin; a printer farm's server on a LAN address over plain HTTP still has
 * getRandomValues, so the key is made from that.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Methods that change something: sent once per action, whatever the browser re-sends. */
export function needsIdempotencyKey(method: string): boolean {
  return method === 'POST' || method === 'PATCH' || method === 'PUT' || method === 'DELETE';
}
