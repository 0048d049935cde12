import { describe, expect, it } from 'vitest';
import { loginFormSchema, newPasswordSchema, registerFormSchema, usernameFromEmail } from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('password rule', () => {
  it.each([
    ['Sh0rt!', 'validation.passwordMinLength'],
    ['passw0rd!', 'validation.passwordUppercase'],
    ['PASSW0RD!', 'validation.passwordLowercase'],
    ['Password!', 'validation.passwordDigit'],
    ['Passw0rdd', 'validation.passwordSpecial'],
  ])('%s fails with %s', (password, key) => {
    expect(firstMessage(newPasswordSchema.safeParse(password))).toBe(key);
  });

  it('accepts a password meeting every rule', () => {
    expect(newPasswordSchema.safeParse('Passw0rd!').success).toBe(true);
  });

  it('requires matching confirmation and a valid email (the rule the server signs up with)', () => {
    const mismatch = registerFormSchema.safeParse({
      fullName: 'A',
      email: 'ann@example.com',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd?',
    });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'validation.passwordsDoNotMatch' }),
    ]);
    const noAt = registerFormSchema.safeParse({
      fullName: 'A',
      email: 'ab.c',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    });
    expect(noAt.error?.issues[0]).toMatchObject({ path: ['email'], message: 'validation.emailNeedsAt' });
    const noDomain = registerFormSchema.safeParse({
      fullName: 'A',
      email: 'ann@example',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    });
    expect(noDomain.error?.issues[0]).toMatchObject({ path: ['email'], message: 'validation.emailNeedsAt' });
  });
});

describe('login form', () => {
  it('takes an email or a username, and a password of at least 6', () => {
    expect(loginFormSchema.safeParse({ email: 'ann@example.com', password: '123456' }).success).toBe(true);
    expect(loginFormSchema.safeParse({ email: 'ann', password: '123456' }).success).toBe(true);
    expect(firstMessage(loginFormSchema.safeParse({ email: 'ann@', password: '123456' }))).toBe(
      'validation.invalidEmail',
    );
    expect(firstMessage(loginFormSchema.safeParse({ email: 'ann@example.com', password: '12345' }))).toBe(
      'validation.loginPasswordMin',
    );
  });
});

describe('usernameFromEmail', () => {
  it('is the part before @, or "user"', () => {
    expect(usernameFromEmail('ann.lee@example.com')).toBe('ann.lee');
    expect(usernameFromEmail('@example.com')).toBe('user');
  });
});

describe('account save', () => {
  const current = { fullName: 'Ann', email: 'ann@example.com' };
  it('sends only changed fields, and nothing when nothing changed', async () => {
    const { buildAccountUpdate } = await import('./auth.ts');
    expect(
      buildAccountUpdate(
        { fullName: 'Ann', email: 'ANN@example.com', newPassword: '', confirmNewPassword: '', currentPassword: '' },
        current,
      ),
    ).toBeNull();
    expect(
      buildAccountUpdate(
        { fullName: 'Ann Lee', email: 'ann@example.com', newPassword: '', confirmNewPassword: '', currentPassword: '' },
        current,
      ),
    ).toEqual({ fullName: 'Ann Lee' });
    expect(
      buildAccountUpdate(
        {
          fullName: 'Ann',
          email: 'new@example.com',
          newPassword: 'Passw0rd!',
          confirmNewPassword: 'Passw0rd!',
          currentPassword: 'Old-passw0rd',
        },
        current,
      ),
    ).toEqual({ email: 'new@example.com', password: 'Passw0rd!', currentPassword: 'Old-passw0rd' });
  });
  it('applies the password rule only when a new password is typed', async () => {
    const { accountFormSchema } = await import('./auth.ts');
    expect(
      accountFormSchema.safeParse({
        fullName: 'Ann',
        email: 'ann@example.com',
        newPassword: '',
        confirmNewPassword: '',
        currentPassword: '',
      }).success,
    ).toBe(true);
    expect(
      accountFormSchema.safeParse({
        fullName: 'Ann',
        email: 'ann@example.com',
        newPassword: 'weak',
        confirmNewPassword: 'weak',
        currentPassword: '',
      }).success,
    ).toBe(false);
    const mismatch = accountFormSchema.safeParse({
      fullName: 'Ann',
      email: 'ann@example.com',
      newPassword: 'Passw0rd!',
      confirmNewPassword: 'x',
      currentPassword: '',
    });
    expect(mismatch.error?.issues[0]?.message).toBe('validation.passwordsDoNotMatch');
  });
});
