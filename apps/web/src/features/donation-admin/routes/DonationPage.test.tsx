import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { donationDetail } from '../test-support.ts';
import { DonationPage } from './DonationPage.tsx';

const render = (code: Parameters<typeof signedInSession>[0] = 5150, without: string[] = []) => {
  const session = signedInSession(code);
  return renderRoutes([{ path: '/dashboard/donation/:id', element: <DonationPage /> }], {
    initialEntries: ['/dashboard/donation/12'],
    session: { ...session, permissions: (session.permissions ?? []).filter((p) => !without.includes(p)) },
  });
};

const common = {
  'GET /npo_admin/donations/12/notes': { body: { notes: [] } },
  'GET /npo_admin/donations/12/history': {
    body: {
      history: [{ id: 1, action: 'donation.recorded', actor: null, data: {}, created_at: '2026-03-04T10:00:00.000Z' }],
    },
  },
};

describe('DonationPage', () => {
  it('shows what was recorded for the gift', async () => {
    stubFetch({ ...common, 'GET /npo_admin/donations/12': { body: { donation: donationDetail() } } });
    render();
    expect(await screen.findByRole('heading', { name: '$50.00 USD from Grace Hopper' })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment and receipt' });
    for (const text of ['pi_sandbox_123', '1-000012', 'sandbox'])
      expect(within(payment).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Fresh produce')).toBeInTheDocument();
    expect(screen.getByText('Radio')).toBeInTheDocument();
    expect(screen.getByText('$1.50 USD')).toBeInTheDocument();
    expect(await screen.findByText('Donation recorded')).toBeInTheDocument();
  });

  it('shows a refund made at the provider and an open dispute, with who did what in the history', async () => {
    const donation = donationDetail({
      refunded_minor: 1000,
      refundable_minor: 0,
      refundable: false,
      refunds: [
        {
          id: 3,
          amount_minor: 1000,
          currency: 'USD',
          provider_refund_id: 're_at_provider',
          reason: null,
          created_by: null,
          source: 'provider',
          status: 'succeeded',
          failure_reason: null,
          failed_at: null,
          created_at: '2026-03-05T09:00:00.000Z',
        },
        {
          id: 4,
          amount_minor: 500,
          currency: 'USD',
          provider_refund_id: 're_failed_later',
          reason: null,
          created_by: 'Ada Admin',
          source: 'kindling',
          status: 'failed',
          failure_reason: 'expired_or_canceled_card',
          failed_at: '2026-03-05T10:00:00.000Z',
          created_at: '2026-03-05T09:30:00.000Z',
        },
      ],
      disputes: [
        {
          id: 7,
          amount_minor: 4000,
          currency: 'USD',
          provider_dispute_id: 'dp_1',
          reason: 'fraudulent',
          status: 'open',
          opened_at: '2026-03-06T09:00:00.000Z',
          closed_at: null,
        },
      ],
    });
    stubFetch({
      ...common,
      'GET /npo_admin/donations/12': { body: { donation } },
      'GET /npo_admin/donations/12/history': {
        body: {
          history: [
            {
              id: 2,
              action: 'donation.dispute_opened',
              actor: null,
              data: { amount_minor: 4000, currency: 'USD', actor: 'Sandbox' },
              created_at: '2026-03-06T09:00:00.000Z',
            },
          ],
        },
      },
    });
    render();
    expect(await screen.findByText('Disputed')).toBeInTheDocument();
    const disputes = screen.getByRole('region', { name: 'Disputes' });
    expect(
      within(disputes).getByText(/Open: the amount is withdrawn until it is decided \(reason: fraudulent\)/),
    ).toBeInTheDocument();
    const amount = screen.getByRole('region', { name: 'Amount' });
    expect(within(amount).getByText('Taken by disputes').nextSibling).toHaveTextContent('$40.00 USD');
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText(/· at the sandbox$/)).toBeInTheDocument();
    // A refund the provider reported as failed is listed, with why, and not counted as refunded.
    expect(
      within(refunds).getByText('Refund failed (expired or canceled card): the money was not returned'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Dispute opened, amount withdrawn: $40.00 USD')).toBeInTheDocument();
    expect(screen.getByText(/^Sandbox ·/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('lets an admin make the sandbox dispute a sandbox gift for a demo', async () => {
    let donation = donationDetail();
    const fetchStub = stubFetch({
      ...common,
      'GET /npo_admin/donations/12': () => ({ body: { donation } }),
      'POST /npo_admin/donations/12/sandbox_dispute': () => {
        donation = donationDetail({
          refundable: false,
          refundable_minor: 0,
          disputes: [
            {
              id: 1,
              amount_minor: 5000,
              currency: 'USD',
              provider_dispute_id: 'dp_sandbox_1',
              reason: 'fraudulent',
              status: 'open',
              opened_at: '2026-03-06T09:00:00.000Z',
              closed_at: null,
            },
          ],
        });
        return { body: { donation } };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Sandbox: dispute this gift' }));
    expect(await screen.findByText('Disputed')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/npo_admin/donations/12/sandbox_dispute')[0]?.body).toEqual({ action: 'open' });
    const decide = screen.getByRole('group', { name: 'Decide the sandbox dispute' });
    expect(within(decide).getByRole('button', { name: 'Sandbox: dispute lost' })).toBeInTheDocument();
  });

  it('offers no sandbox dispute for a Stripe gift', async () => {
    stubFetch({
      ...common,
      'GET /npo_admin/donations/12': { body: { donation: donationDetail({ provider: 'stripe' }) } },
    });
    render();
    await screen.findByRole('heading', { name: '$50.00 USD from Grace Hopper' });
    expect(screen.queryByRole('button', { name: /^Sandbox:/ })).not.toBeInTheDocument();
  });

  it('refunds part of a gift after checking the amount and asking to confirm', async () => {
    let donation = donationDetail();
    const fetchStub = stubFetch({
      ...common,
      'GET /npo_admin/donations/12': () => ({ body: { donation } }),
      'POST /npo_admin/donations/12/refunds': ({ body }) => {
        const amount = (body as { amount_minor: number }).amount_minor;
        donation = donationDetail({ refunded_minor: amount, refundable_minor: 5000 - amount });
        return { body: { donation } };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    await userEvent.click(within(dialog).getByText('Part of it'));
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    expect(within(dialog).getByText('At most $50.00 is left to refund')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/\$12\.50 goes back to grace@example\.org/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $12.50' }));
    expect(await screen.findByText('$12.50 USD refunded, $37.50 USD left')).toBeInTheDocument();
    const [call] = fetchStub.callsTo('POST', '/npo_admin/donations/12/refunds');
    expect(call?.body).toMatchObject({ amount_minor: 1250, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("shows the provider's message when a refund fails", async () => {
    stubFetch({
      ...common,
      'GET /npo_admin/donations/12': { body: { donation: donationDetail() } },
      'POST /npo_admin/donations/12/refunds': {
        status: 502,
        body: { code: 'PROVIDER_ERROR', message: 'No such payment.' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $50.00' }));
    expect(await within(dialog).findByText('No such payment.')).toBeInTheDocument();
  });

  it('offers no refund to staff or to an admin without the refund permission, and says when the donation is not found', async () => {
    stubFetch({ ...common, 'GET /npo_admin/donations/12': { body: { donation: donationDetail() } } });
    const { unmount } = render(1984);
    expect(await screen.findByRole('button', { name: 'Resend receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    unmount();
    // An admin whose permission set lacks donations.refund (docs/product/team.md#permissions).
    const withoutRefund = render(5150, ['donations.refund']);
    expect(await screen.findByRole('button', { name: 'Resend receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    withoutRefund.unmount();
    stubFetch({ 'GET /npo_admin/donations/12': { status: 404, body: { message: 'No such donation.' } } });
    render();
    expect(await screen.findByText('Donation not found')).toBeInTheDocument();
  });
});
