import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const NEW_PASSWORD = 'e2e-profile-password';
/** A code of the authenticator holding `secret`; `stepOffset` 1 is the next 30-second step (accepted too). */
const totp = (secret: string, stepOffset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  });

async function changePassword(page: Page, from: string, to: string) {
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel(/^Current password/).fill(from);
  await section.getByLabel(/^New password/).fill(to);
  await section.getByLabel(/^Confirm new password/).fill(to);
  await section.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Password changed').waitFor();
}

// docs/product/profile.md: a 1984 staff member, who has no admin pages, manages their own sign-in.
describe('/profile on a phone', () => {
  const { newPage } = useBrowser();

  it('lets a 1984 staff member change their password and set up an authenticator', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(page, 'staff@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/account-settings');
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Name and photo' }).waitFor();
    expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);

    const twoFactor = page.locator('#two-factor');
    await twoFactor.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await twoFactor.getByLabel('Secret key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await twoFactor.getByRole('textbox', { name: /Confirmation code/ }).fill(totp(secret));
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const codes = twoFactor.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    await twoFactor.getByRole('button', { name: 'I have saved these codes' }).click();

    // Put the demo account back as other specs expect it: no second factor, the demo password.
    await twoFactor.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await twoFactor.getByRole('textbox', { name: /Current authenticator code/ }).fill(totp(secret, 1));
    await twoFactor.getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off two-step verification?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await twoFactor.getByRole('button', { name: 'Set up authenticator app' }).waitFor();
    await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
    await context.close();
  });
});
