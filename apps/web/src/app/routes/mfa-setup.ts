/**
 * Where a member whose organisation requires a second factor sets one up before anything else
 * (docs/product/security.md#two-step-verification): the two-step section of /profile, which every
 * role may open (docs/product/profile.md).
 */
export const MFA_SETUP_PATH = '/profile#two-factor';

/** The pathname part of MFA_SETUP_PATH, which the guard compares with the current location. */
export const MFA_SETUP_PATHNAME = new URL(MFA_SETUP_PATH, 'http://kindling.invalid').pathname;
