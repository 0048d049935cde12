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
  /** The web app manifest's share target. */
  share: '/share',
} as const;
