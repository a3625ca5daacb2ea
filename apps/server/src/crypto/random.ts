import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A short public id (e.g. a workspace's uniqueId), unbiased. */
export function generatePublicId(length = 12): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && id.length < length) id += ALPHABET[byte % 36];
    }
  }
  return id;
}
