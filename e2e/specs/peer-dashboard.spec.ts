import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard } from '../support/donation-form.ts';
import { mailsTo } from '../support/mail-outbox.ts';

/**
 * A fundraiser's journey at 375 and 1280 px (decision 044): the demo fundraiser edits their page's
 * title, a donor gives through it, the fundraiser sees the gift on /peer-dashboard and thanks the
 * donor by e-mail, sees their team (decision 051) and its public page, and staff see the page and the
 * team in the campaign's P2P view; a visitor on the team page sees the gift arrive without a reload
 * (decision 079). The title is put back.
 */
const SHOTS = '/tmp/shots';
const DEMO_TITLE = 'Team Sam for the Spring Appeal';
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

// The editor's live preview shows the story in a frame sandboxed without scripts: axe cannot
// inject itself there and used to wait for it until the test timed out, so that frame (the
// fundraiser's own text) is left out of the check.
const PREVIEW_FRAME = 'iframe[title="Story preview"]';
describe('peer-to-peer: the fundraiser’s dashboard', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  for (const width of [375, 1280]) {
    it(`at ${width} px: edit, a gift through the page, thank the donor, the staff view`, async () => {
      const { page, context } = await newPage({ width, height: 900 });
      await signIn(page, 'fundraiser@kindling.test');
      await page.waitForURL('**/peer-dashboard');
      // The suite's first dashboard on a cold, loaded server can take longer than a click's wait.
      await page.getByRole('link', { name: 'Edit your page' }).first().waitFor({ timeout: 120_000 });
      await page.getByRole('link', { name: 'Edit your page' }).first().click();
      const title = `Sam runs ${letters()}`;
      await page.getByLabel(/^Title/).fill(title);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await seriousViolations(page, { exclude: PREVIEW_FRAME })).toEqual([]);
      await page.getByRole('button', { name: 'Save page' }).click();
      await page.getByText('Your page is saved.').waitFor();

      // p2p16: a visitor watching the team page (the page is in the Spring Appeal Runners) sees the gift
      // arrive without a reload: the light page asks again every 30 s while visible (decision 079).
      const watching = await context.browser()?.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
      if (!watching) throw new Error('no browser');
      const watcher = await watching.newPage();
      await watcher.goto('/team-page/spring-appeal-runners');
      await watcher.getByRole('heading', { name: 'Spring Appeal Runners' }).waitFor();

      // A donor gives through the page.
      const donor = await context.browser()?.newContext({ viewport: { width, height: 900 } });
      if (!donor) throw new Error('no browser');
      const visitor = await donor.newPage();
      await visitor.goto(`${new URL(page.url()).origin}/raise/spring-appeal-team-sam`);
      await visitor.getByRole('heading', { name: title }).waitFor();
      await visitor.getByRole('region', { name: 'Share this page' }).waitFor();
      const first = `Ivy${letters()}`;
      const email = `${first.toLowerCase()}@example.org`;
      await fillStepOne(visitor, { preset: '$25', wall: { firstNameOnly: false, showAmount: true } });
      await fillDonorDetails(visitor, { first, last: 'Donor', email });
      await payWithSandboxCard(visitor, '4242 4242 4242 4242');
      await visitor.getByRole('heading', { name: /Thank you for your one time/ }).waitFor();
      await donor.close();
      await expect
        .poll(async () => watcher.getByText(new RegExp(`^${first}.* gave \\$25 through`)).count(), {
          timeout: 120_000,
          interval: 2_000,
        })
        .toBeGreaterThan(0);
      await watching.close();

      // The fundraiser sees and thanks the gift.
      await page.goto('/peer-dashboard');
      const thank = page.getByRole('button', { name: `Thank ${first} Donor` });
      await thank.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/peer-dashboard-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await thank.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send thank-you' }).click();
      await page.getByText('Your thank-you e-mail is on its way.').waitFor();
      await expect.poll(async () => (await mailsTo(email)).join('\n'), { timeout: 15_000 }).toContain('Fern Raiser');

      // Their team: the demo page captains the Spring Appeal Runners, whose public page lists them.
      await page
        .getByRole('list', { name: 'Team members' })
        .getByText(/Fern Raiser/)
        .waitFor();
      await page.goto('/team-page/spring-appeal-runners');
      await page.getByRole('heading', { name: 'Spring Appeal Runners' }).waitFor();
      await page.getByRole('link', { name: 'Fern Raiser' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/team-page-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Put the demo title back.
      await page.goto('/peer-dashboard');
      await page.getByRole('link', { name: 'Edit your page' }).first().click();
      await page.getByLabel(/^Title/).fill(DEMO_TITLE);
      await page.getByRole('button', { name: 'Save page' }).click();
      await page.getByText('Your page is saved.').waitFor();

      // Staff see the page in the campaign's P2P view.
      // A context of its own needs the server's origin: signIn opens the relative /login.
      const staff = await context.browser()?.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
      if (!staff) throw new Error('no browser');
      const admin = await staff.newPage();
      await signIn(admin, 'admin@kindling.test');
      await admin.waitForURL('**/dashboard/**');
      await admin.goto('/dashboard/campaigns');
      await admin
        .getByRole('link', { name: /fundraiser pages/ })
        .first()
        .click();
      await admin.getByRole('link', { name: DEMO_TITLE }).waitFor();
      await admin.getByRole('link', { name: 'Spring Appeal Runners' }).waitFor();
      await admin.screenshot({ path: `${SHOTS}/peer-to-peer-${width}.png`, fullPage: true });
      expect(await seriousViolations(admin)).toEqual([]);
      await staff.close();
      await context.close();
    }, 420_000);
  }

  // p2p16c: the captain's view (decision 051): invite with the spec's form and its preselected-team
  // sentence, the invitee joins through the e-mailed link, the captain removes them, edits the team
  // story and goal; the story and goal are put back.
  for (const width of [375, 1280]) {
    it(`at ${width} px: the captain invites, removes a member and edits the team`, async () => {
      const { page, context } = await newPage({ width, height: 900 });
      await signIn(page, 'fundraiser@kindling.test');
      await page.waitForURL('**/peer-dashboard');
      await page.getByRole('link', { name: 'Manage your team' }).click();
      await page.waitForURL('**/fundraising-team/**');
      await page.getByRole('heading', { name: 'Team story and goal' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const first = `Rio${letters()}`;
      const email = `${first.toLowerCase()}@example.org`;
      await page.getByRole('button', { name: 'Invite a fundraiser' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('This fundraiser will be added to the Spring Appeal Runners team.').waitFor();
      await dialog.getByLabel(/^First name/).fill(first);
      await dialog.getByLabel(/^Last name/).fill('Runner');
      await dialog.getByLabel(/^Email/).fill(email);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(email, { exact: false }).first().waitFor();

      // The invitee follows the e-mailed link, chooses a password and signs in: their page joins.
      let link = '';
      await expect
        .poll(
          async () => {
            link = /https?:\/\/\S+(\/reset-password\?token=\S+)/.exec((await mailsTo(email)).join('\n'))?.[1] ?? '';
            return link;
          },
          { timeout: 15_000 },
        )
        .not.toBe('');
      const invitee = await context.browser()?.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
      if (!invitee) throw new Error('no browser');
      const them = await invitee.newPage();
      await them.goto(link);
      await them.getByLabel(/^New password/).fill('a-runner-password-42');
      await them.getByLabel(/^Confirm new password/).fill('a-runner-password-42');
      await them.getByRole('button', { name: 'Change password' }).click();
      await them.getByText('Your password has been changed.').waitFor();
      await signIn(them, email, 'a-runner-password-42');
      await them.waitForURL('**/peer-dashboard');
      await invitee.close();

      await page.reload();
      const remove = page.getByRole('button', { name: `Remove ${first} Runner from the team` });
      await remove.waitFor();
      // At 375 px the button is on screen beside the member, not in a sideways-scrolled table.
      const box = await remove.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? width + 1)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/fundraising-team-${width}.png`, fullPage: true });
      await remove.click();
      await page.getByText('The page left your team. Its gifts stay with it.').waitFor();
      await remove.waitFor({ state: 'detached' });

      // The story (the rich-text editor) and goal, seen on the public team page.
      const story = page.getByRole('textbox', { name: 'Team story' });
      const keptStory = await story.innerText();
      const goal = page.getByLabel(/^Team goal/);
      const keptGoal = await goal.inputValue();
      const words = `We run for ${letters()}`;
      const retype = async (text: string) => {
        await story.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
      };
      await retype(words);
      await goal.fill('3100');
      await page.getByRole('button', { name: 'Save team' }).click();
      await page.getByText('Your team is saved.').waitFor();
      const visitor = await context.browser()?.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
      if (!visitor) throw new Error('no browser');
      const publicPage = await visitor.newPage();
      await publicPage.goto('/team-page/spring-appeal-runners');
      await publicPage.getByText(words).waitFor();
      await publicPage.screenshot({ path: `${SHOTS}/team-page-public-${width}.png`, fullPage: true });
      await publicPage
        .getByText(/\$3,100/)
        .first()
        .waitFor();
      await visitor.close();

      await retype(keptStory.trim());
      await goal.fill(keptGoal);
      await page.getByRole('button', { name: 'Save team' }).click();
      await page.getByText('Your team is saved.').first().waitFor();
      await context.close();
    }, 240_000);
  }
});
