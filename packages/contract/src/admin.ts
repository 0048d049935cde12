import { z } from 'zod';

// ── Settings → Admin ──

export const userRoles = ['user', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles, { message: 'admin.validation.role' });
export type UserRole = z.infer<typeof userRoleSchema>;

/** The three cards: Total Users, Total Summaries (the shares, in every status) and Total Events (the ideas). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalShares: z.number().int(),
  totalIdeas: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminPageSizeDefault = 20;
const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(adminPageSizeDefault),
};

/** GET /api/admin/users: `search` matches username, name, email or id (case-insensitive). */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200, 'validation.tooLong').default(''),
  ...pageFields,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  createdAt: z.string(),
  /** Shares sent in the current calendar month (UTC), as the usage meter counts them. */
  sharesThisMonth: z.number().int(),
  monthlyShareLimit: z.number().int(),
  /** The open-ideas limit (max_ideas: Raw + Later + Ready). */
  maxIdeas: z.number().int(),
  /** Disabled by an administrator: cannot sign in, every session ended. */
  isDisabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminLimitRange = { min: 0, max: 100_000 } as const;

const limitSchema = (key: string) =>
  z.number({ message: key }).int(key).min(adminLimitRange.min, key).max(adminLimitRange.max, key);

/** The edit dialog and PATCH /api/admin/users/:id: every field optional, at least one given. */
export const adminUserUpdateSchema = z
  .object({
    role: userRoleSchema.optional(),
    monthlyShareLimit: limitSchema('admin.validation.monthlyShareLimit').optional(),
    maxIdeas: limitSchema('admin.validation.maxIdeas').optional(),
  })
  .refine(
    (update) => update.role !== undefined || update.monthlyShareLimit !== undefined || update.maxIdeas !== undefined,
    'admin.validation.nothingToUpdate',
  );
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** The edit dialog's form: all three fields always present. */
export const adminUserFormSchema = z.object({
  role: userRoleSchema,
  monthlyShareLimit: limitSchema('admin.validation.monthlyShareLimit'),
  maxIdeas: limitSchema('admin.validation.maxIdeas'),
});
export type AdminUserForm = z.infer<typeof adminUserFormSchema>;

// ── Contact Us / upgrade requests (contact_messages) ──

export const contactRequestStatuses = ['new', 'handled'] as const;
export const contactRequestStatusSchema = z.enum(contactRequestStatuses, { message: 'admin.validation.status' });
export type ContactRequestStatus = z.infer<typeof contactRequestStatusSchema>;

export const contactRequestsQuerySchema = z.object({
  status: contactRequestStatusSchema.optional(),
  ...pageFields,
});
export type ContactRequestsQuery = z.input<typeof contactRequestsQuerySchema>;

export const contactRequestSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: contactRequestStatusSchema,
  createdAt: z.string(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactRequestsPageSchema = z.object({
  items: z.array(contactRequestSchema),
  total: z.number().int(),
  /** How many requests are still new, whatever the filter. */
  newCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContactRequestsPage = z.infer<typeof contactRequestsPageSchema>;

export const contactRequestUpdateSchema = z.object({ status: contactRequestStatusSchema });
export type ContactRequestUpdate = z.infer<typeof contactRequestUpdateSchema>;
