/**
 * Where a member whose organisation requires a second factor sets one up before anything else
 * (docs/product/security.md#two-step-verification). The Security tab of /admin/account holds the
 * set-up flow until /profile has its two-factor section for every role; then this becomes
 * '/profile#two-factor'.
 */
export const MFA_SETUP_PATH = '/admin/account?tab=mfa';

/** The pathname part of MFA_SETUP_PATH, which the guard compares with the current location. */
export const MFA_SETUP_PATHNAME = new URL(MFA_SETUP_PATH, 'http://kindling.invalid').pathname;
