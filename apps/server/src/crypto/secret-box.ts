import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets the server must read back (a TOTP seed) are stored encrypted: AES-256-GCM with
 * a key derived from the server secret (HKDF), so a copy of the database alone does not give
 * away anyone's second factor. Format: "v1.<iv>.<tag>.<ciphertext>", base64url.
 */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'printdeck', purpose, 32));
  return {
    seal(plain: Buffer): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): Buffer {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    },
  };
}

/** Whether a stored value has the sealed format (a value from before sealing does not). */
export const isSealed = (value: string): boolean => /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/.test(value);

export type SecretBox = ReturnType<typeof createSecretBox>;
