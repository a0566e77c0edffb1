import type { TOrganisationOption } from './auth.ts';

export type TPostSignInInput = {
  npos: TOrganisationOption[];
  /** Role code for the only organisation, when there is exactly one. */
  code: number | null;
  backupCodes: string[] | null | undefined;
  stripeAccount?: string | null;
};

/** Where the browser goes after a successful sign-in (docs/product/sign-in.md#after-sign-in). */
export function routeAfterSignIn(input: TPostSignInInput): string {
  if (input.npos.length > 1) return '/select-npo';
  if (input.npos.length === 0) {
    const q = new URLSearchParams({ step: '3' });
    if (input.stripeAccount) q.set('stripe_account', input.stripeAccount);
    return `/signup?${q.toString()}`;
  }
  const code = input.code ?? input.npos[0]?.user_role ?? null;
  if (code === 5150 && input.backupCodes && input.backupCodes.length > 0) return '/profile#two-factor';
  switch (code) {
    case 7789:
      return '/console';
    case 1123:
      return '/peer-dashboard';
    default:
      return '/dashboard/home';
  }
}

/** Where the browser goes after picking an organisation on /select-npo (docs/product/sign-in.md#after-sign-in). */
export function routeAfterSelectNpo(code: number): string {
  if (code === 7789) return '/console';
  if (code === 1123) return '/peer-dashboard';
  return '/dashboard/home';
}
