import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const secret = 'a-server-secret-that-is-long-enough-0123';

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const box = createSecretBox(secret);
    const sealed = box.encrypt('SG.my-provider-key');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('my-provider-key');
    expect(box.decrypt(sealed)).toBe('SG.my-provider-key');
    expect(createSecretBox(secret).decrypt(sealed)).toBe('SG.my-provider-key');
  });

  it('uses a fresh IV each time', () => {
    const box = createSecretBox(secret);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses another secret', () => {
    const sealed = createSecretBox(secret).encrypt('key');
    expect(() => createSecretBox('another-secret-that-is-long-enough-99999').decrypt(sealed)).toThrow();
  });

  it('refuses a tampered box', () => {
    const box = createSecretBox(secret);
    const [version, iv, tag, ciphertext] = box.encrypt('a longer secret value').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.decrypt('garbage')).toThrow('Not a secret box');
  });
});
