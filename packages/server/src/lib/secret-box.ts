import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const version = 'v1';
const ivLength = 12;

/**
 * Encrypts small secrets (a user's email-provider key) with AES-256-GCM under a key derived from
 * APP_SECRET. The box is `v1.<iv>.<tag>.<ciphertext>` in base64url; decrypting a
 * box that was altered, or with another secret, throws.
 */
export function createSecretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'life-updates/secret-box', version, 32));
  return {
    encrypt(plaintext: string): string {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(box: string): string {
      const [boxVersion, iv, tag, ciphertext] = box.split('.');
      if (boxVersion !== version || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('Not a secret box');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
