import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'kindling-demo';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** The current code of the demo mfa account's authenticator. */
export function currentTotp(secret = DEMO_TOTP_SECRET): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/** Fills the Sign In form with a demo account and submits it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
