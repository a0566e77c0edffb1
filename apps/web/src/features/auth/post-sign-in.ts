import { routeAfterSignIn, type TLoginResponse } from '@kindling/contracts';
import { allowedOrigin, type TOrigin } from '../../app/routes/origin.ts';

/** The role code used for routing: the first role of the user, else the only organisation's. */
export function loginRoleCode(login: TLoginResponse): number | null {
  if (login.npos.length !== 1) return null;
  return login.npo_user?.roles[0]?.code ?? login.npos[0]?.user_role ?? null;
}

/**
 * Where a completed sign-in lands (docs/product/sign-in.md#after-sign-in): routeAfterSignIn, except that a user who was
 * sent to /login from a page they may open returns there. The first sign-in of a 5150 user with
 * backup codes always lands on the profile's two-factor section, so the codes are seen.
 */
export function destinationAfterSignIn(
  login: TLoginResponse,
  origin: TOrigin | null,
  stripeAccount?: string | null,
): string {
  const code = loginRoleCode(login);
  const target = routeAfterSignIn({
    npos: login.npos,
    code,
    backupCodes: login.backup_codes,
    stripeAccount: login.stripe_account ?? stripeAccount ?? null,
  });
  if (login.npos.length !== 1 || target === '/profile#two-factor') return target;
  return allowedOrigin(origin, code) ?? target;
}
