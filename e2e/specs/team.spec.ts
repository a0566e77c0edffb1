import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { mailsTo } from '../support/mail-outbox.ts';

const COLLEAGUE = 'e2e.colleague@example.org';

async function invitationPath(to: string): Promise<string> {
  for (let i = 0; i < 120; i++) {
    for (const mail of await mailsTo(to)) {
      const found = /https?:\/\/[^\s"'<>)]+(\/team-invitation\/[A-Za-z0-9_-]+)/.exec(mail);
      if (found?.[1]) return found[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation e-mail to ${to}`);
}

describe('/admin/team', () => {
  const { newPage } = useBrowser();

  it('an admin invites a colleague, who accepts from the e-mail and signs in', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/admin/team');
    await page.getByRole('article', { name: 'Stella Staff' }).waitFor();
    await page.getByRole('article', { name: `Invitation to new.volunteer@kindling.test` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const form = page.getByRole('form', { name: 'Invite a colleague' });
    await form.getByLabel('E-mail').fill(COLLEAGUE);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('article', { name: `Invitation to ${COLLEAGUE}` }).waitFor();
    await context.close();

    const colleague = await newPage({ width: 375, height: 812 });
    await colleague.page.goto(await invitationPath(COLLEAGUE));
    const create = colleague.page.getByRole('form', { name: 'Create your account' });
    await create.getByLabel('First name').fill('Cleo');
    await create.getByLabel('Last name').fill('League');
    await create.getByLabel(/^Password/).fill('colleague-password');
    expect(await seriousViolations(colleague.page)).toEqual([]);
    await create.getByRole('button', { name: 'Create account and join' }).click();
    await colleague.page.getByText('You joined Riverside Food Bank').waitFor();
    await signIn(colleague.page, COLLEAGUE, 'colleague-password');
    await colleague.page.waitForURL('**/dashboard/home');
    await colleague.context.close();

    const phone = await newPage({ width: 375, height: 812 });
    await signIn(phone.page, 'admin@kindling.test');
    await phone.page.waitForURL('**/dashboard/home');
    await phone.page.goto('/admin/team');
    await phone.page.getByRole('article', { name: 'Cleo League' }).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await phone.context.close();
  });
});
