import { CONSOLE_INVITATION_MESSAGES, ZConsoleOrganisationDetail, ZConsoleOwnerInvitation } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { API, as, consoleAudit, npoIdOf } from './console.test-support.ts';

const tokenOf = (text = '') => text.match(/team-invitation\/([\w-]+)/)?.[1] ?? '';

// The console resends the owner's invitation of an organisation it created (docs/product/console.md).
describe('resending an owner’s invitation from the console', () => {
  const ctx = useTestApp();

  it('shows the pending invitation, sends a new link that replaces the old one, audits it, then refuses once joined', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const created = await operator.post(`${API}/organizations`, {
      name: 'Hillside Choir',
      country: 'GB',
      base_currency: 'GBP',
      owner_email: 'choir.owner@example.org',
      reason: 'Signed the hosting agreement',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const detail = async () =>
      ZConsoleOrganisationDetail.parse((await operator.get(`${API}/organizations/${id}`)).json());
    expect((await detail()).owner_invitation).toMatchObject({ email: 'choir.owner@example.org', live: true });
    const firstToken = tokenOf((await readOutboxTable(ctx.db)).at(-1)?.text);

    const mailsBefore = (await readOutboxTable(ctx.db)).length;
    const resent = await operator.post(`${API}/organizations/${id}/resend_invitation`, {
      reason: 'Owner lost the mail',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(ZConsoleOwnerInvitation.parse(resent.json())).toMatchObject({
      email: 'choir.owner@example.org',
      live: true,
    });
    const mails = (await readOutboxTable(ctx.db)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers).toMatch(/^To: choir\.owner@example\.org$/im);
    const newToken = tokenOf(mails[0]?.text);
    expect(newToken).not.toBe(firstToken);
    expect((await consoleAudit(ctx)).at(-1)).toMatchObject({
      action: 'console.owner_invitation_resent',
      npo_id: id,
      reason: 'Owner lost the mail',
      actor: 'console@kindling.test',
    });

    const owner = new TestClient(ctx.app);
    await owner.prime();
    const person = { first_name: 'Cora', last_name: 'Owner', password: 'owner-password-1' };
    expect((await owner.post(`/api/v1/team_invitations/${firstToken}/accept`, person)).statusCode).not.toBe(200);
    const accepted = await owner.post(`/api/v1/team_invitations/${newToken}/accept`, person);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Joined: nothing pending, and a resend is refused without an e-mail or an audit entry.
    expect((await detail()).owner_invitation).toBeNull();
    const auditBefore = (await consoleAudit(ctx)).length;
    const mailsAfter = (await readOutboxTable(ctx.db)).length;
    const again = await operator.post(`${API}/organizations/${id}/resend_invitation`, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONSOLE_INVITATION_MESSAGES.none);
    expect((await readOutboxTable(ctx.db)).length).toBe(mailsAfter);
    expect((await consoleAudit(ctx)).length).toBe(auditBefore);
  }, 120_000);

  it('answers 404 for an unknown organisation, 409 for one without an invitation, and asks for a reason', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    expect(
      (await operator.post(`${API}/organizations/99999999/resend_invitation`, { reason: 'Why not' })).statusCode,
    ).toBe(404);
    expect(
      (await operator.post(`${API}/organizations/${riverside}/resend_invitation`, { reason: 'Why not' })).statusCode,
    ).toBe(409);
    const noReason = await operator.post(`${API}/organizations/${riverside}/resend_invitation`, { reason: '' });
    expect([400, 422]).toContain(noReason.statusCode);
  }, 60_000);
});
