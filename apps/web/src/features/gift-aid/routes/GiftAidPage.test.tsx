import type { TGiftAidClaim, TGiftAidPreview, TRoleCode } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { GiftAidPage } from './GiftAidPage.tsx';

const year = new Date().getFullYear() - 1;
const render = (code: TRoleCode = 2001) =>
  renderRoutes([{ path: '/dashboard/reports/gift-aid', element: <GiftAidPage /> }], {
    initialEntries: ['/dashboard/reports/gift-aid'],
    session: signedInSession(code),
  });

const gift = (id: number, name: string, amount: number) => ({
  donation_id: id,
  donor_id: id,
  donor_name: name,
  declared_name: name,
  postcode: 'LS1 4AP',
  date: `${year}-02-0${id}`,
  amount_minor: amount,
  currency: 'GBP',
  claim_minor: amount / 4,
});

const preview = (overrides: Partial<TGiftAidPreview> = {}): TGiftAidPreview => ({
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  accounting_period: { from: `${year}-01-01`, to: `${year}-12-31`, claim_by: `${year + 4}-12-31` },
  eligible: [gift(1, 'Jane Smith', 5000), gift(2, 'Tom Brown', 1000)],
  totals: { gifts: 2, amount_minor: 6000, claim_minor: 1500 },
  exclusions: [{ ...gift(3, 'Oliver Grant', 3000), reason: 'refunded', claim_reference: null }],
  excluded_counts: { refunded: 1 },
  can_claim: true,
  ...overrides,
});

const claim: TGiftAidClaim = {
  id: 7,
  reference: `GA-${year}-002`,
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  status: 'claimed',
  gift_count: 2,
  amount_minor: 6000,
  claim_minor: 1500,
  created_by: 'Finn Finance',
  created_at: `${year + 1}-01-10T10:00:00.000Z`,
  undone_at: null,
  undo_reason: null,
};

describe('GiftAidPage', () => {
  it('shows what can be claimed and why gifts are left out, claims the reviewed gifts and links the schedule', async () => {
    let claimed = false;
    const fetches = stubFetch({
      'GET /npo_admin/reports/gift_aid/preview': () => ({
        body: claimed ? preview({ eligible: [], totals: { gifts: 0, amount_minor: 0, claim_minor: 0 } }) : preview(),
      }),
      'GET /npo_admin/reports/gift_aid/claims': () => ({ body: { claims: claimed ? [claim] : [] } }),
      'POST /npo_admin/reports/gift_aid/claims': () => {
        claimed = true;
        return { status: 201, body: claim };
      },
    });
    const user = userEvent.setup();
    render();
    expect(
      await screen.findByText(/2 gifts can be claimed: £60\.00 given, £15\.00 of Gift Aid to claim/),
    ).toBeInTheDocument();
    expect(fetches.callsTo('GET', '/npo_admin/reports/gift_aid/preview')[0]?.query.get('from')).toBe(`${year}-01-01`);
    const left = screen.getByRole('table', { name: 'Gifts left out of the claim, newest first' });
    expect(within(left).getByRole('row', { name: /Oliver Grant/ })).toHaveTextContent('Refunded');
    expect(screen.getByText('No claims yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Claim reference/), 'HMRC-123');
    await user.click(screen.getByRole('button', { name: 'Mark 2 gifts as claimed' }));
    expect(fetches.callsTo('POST', '/npo_admin/reports/gift_aid/claims')[0]?.body).toEqual({
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      reference: 'HMRC-123',
      donation_ids: [1, 2],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(`Claim GA-${year}-002 prepared`);
    const link = await screen.findByRole('link', { name: `Schedule of GA-${year}-002 (XLSX)` });
    expect(link).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/reports/gift_aid/claims/7/schedule?format=xlsx&aggregate=0',
    );
    await user.click(screen.getByLabelText(/Aggregate gifts of £20 or less/));
    expect(screen.getByRole('link', { name: `Schedule of GA-${year}-002 (CSV)` })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/reports/gift_aid/claims/7/schedule?format=csv&aggregate=1',
    );
  }, 30_000);

  it('says when the dates span two accounting periods; staff see no claim button', async () => {
    stubFetch({
      'GET /npo_admin/reports/gift_aid/preview': {
        status: 422,
        body: {
          status: 422,
          code: 'UNPROCESSABLE',
          message: 'A claim covers one accounting period: choose dates within the same accounting year.',
        },
      },
      'GET /npo_admin/reports/gift_aid/claims': { body: { claims: [claim] } },
    });
    render(1984);
    expect(await screen.findByRole('alert')).toHaveTextContent('A claim covers one accounting period');
    expect(screen.queryByRole('button', { name: /Mark .* as claimed/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  }, 30_000);
});
