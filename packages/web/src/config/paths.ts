/** Every route path, defined once. */
export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Where a password-reset link leads (better-auth redirects here with ?token= or ?error=). */
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  stories: '/stories',
  create: '/create',
  generate: '/generate',
  summeris: '/summeris',
  summaryReview: '/summary-review',
  summaries: '/summaries',
  contacts: '/contacts',
  settings: '/settings',
  contactUs: '/contact-us',
  /**
   * The web app manifest's share target: text coming in from another app's share sheet (the path
   * stays `/share`, as installed apps' manifests name it).
   */
  incoming: '/share',
} as const;
