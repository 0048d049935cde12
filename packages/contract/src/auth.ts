import { z } from 'zod';
import { locales } from './locale.ts';

/** The special characters the password rule accepts. */
export const passwordSpecialCharacters = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

const hasSpecialCharacter = (value: string) =>
  [...value].some((character) => passwordSpecialCharacters.includes(character));

/** The password rule for registering and for the account form. Messages are catalogue keys. */
export const newPasswordSchema = z
  .string()
  .min(8, 'validation.passwordMinLength')
  .max(128, 'validation.passwordMaxLength')
  .refine((value) => /[A-Z]/.test(value), 'validation.passwordUppercase')
  .refine((value) => /[a-z]/.test(value), 'validation.passwordLowercase')
  .refine((value) => /\d/.test(value), 'validation.passwordDigit')
  .refine(hasSpecialCharacter, 'validation.passwordSpecial');

/** A person's name on their account, from registering or from the account form. */
export const fullNameSchema = z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong');

/**
 * An account's email address. Registering words a bad one as the sign-up page of the product
 * document does; the other forms say "Invalid email address".
 */
export const accountEmailSchema = (invalidMessage: 'validation.invalidEmail' | 'validation.emailNeedsAt') =>
  z.string().trim().min(1, 'validation.required').max(254, 'validation.tooLong').email(invalidMessage);

/** Login takes an email, or a username (no @), and a password of at least 6. */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'validation.invalidEmail')
    .max(254, 'validation.tooLong')
    .refine((value) => !value.includes('@') || z.email().safeParse(value).success, 'validation.invalidEmail'),
  password: z.string().min(6, 'validation.loginPasswordMin').max(128, 'validation.passwordMaxLength'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    fullName: fullNameSchema,
    email: accountEmailSchema('validation.emailNeedsAt'),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'validation.required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** The username is the part of the email before @, or "user". */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0]?.trim();
  return local ? local : 'user';
}

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const accountUpdateSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    email: accountEmailSchema('validation.invalidEmail').optional(),
    password: newPasswordSchema.optional(),
    currentPassword: z.string().max(128).optional(),
    /** The interface language, also the language of the account's emails. */
    locale: z.enum(locales).optional(),
  })
  .strict();
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  role: z.enum(roles),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  welcomeShown: z.boolean(),
  locale: z.string().nullable(),
  theme: z.string().nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const welcomeResponseSchema = z.object({ shouldWelcome: z.boolean(), username: z.string() });

/** The Account tab form; password rules apply only when one is typed. */
export const accountFormSchema = z
  .object({
    fullName: fullNameSchema,
    email: accountEmailSchema('validation.invalidEmail'),
    newPassword: z.union([z.literal(''), newPasswordSchema]),
    confirmNewPassword: z.string(),
    currentPassword: z.string().max(128, 'validation.passwordMaxLength'),
  })
  .refine((value) => value.newPassword === '' || value.newPassword === value.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type AccountForm = z.infer<typeof accountFormSchema>;

/** Only changed fields are sent; `null` means there is nothing to save. */
export function buildAccountUpdate(
  form: AccountForm,
  current: { fullName: string; email: string },
): AccountUpdate | null {
  const update: AccountUpdate = {};
  if (form.fullName.trim() !== current.fullName) update.fullName = form.fullName.trim();
  if (form.email.trim().toLowerCase() !== current.email.toLowerCase()) update.email = form.email.trim();
  if (form.newPassword !== '') update.password = form.newPassword;
  if (Object.keys(update).length === 0) return null;
  if ((update.email !== undefined || update.password !== undefined) && form.currentPassword !== '') {
    update.currentPassword = form.currentPassword;
  }
  return update;
}

/** Forgot password: the account's email. */
export const forgotPasswordFormSchema = z.object({ email: accountEmailSchema('validation.invalidEmail') });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The new password after a reset link: the sign-up rule. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, 'validation.required') })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** A signed-in device in Settings → Account. `ipAddress` is where it last signed in from. */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,200}$/, 'validation.invalidInput') });

/**
 * The browser and system a User-Agent names, for the list of signed-in devices. A few families
 * are enough to tell one's own devices apart; the order matters (Edge and Opera also say Chrome,
 * Chrome also says Safari).
 */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; os: string } {
  const agent = userAgent ?? '';
  const browsers: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return {
    browser: browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? '',
    os: systems.find(([pattern]) => pattern.test(agent))?.[1] ?? '',
  };
}

/** Delete my account: the password confirms it. */
export const deleteAccountSchema = z.object({ password: z.string().min(1, 'validation.required').max(128) });
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** A code from an authenticator app: 6 digits. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'auth.twoFactor.codeFormat');
/** A backup code as better-auth makes them (letters, digits and a dash). */
export const backupCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{6,32}$/, 'auth.twoFactor.invalidBackupCode');
