// The new payment request form: the amount is checked before sending, the server's field messages
// show beside their fields, and the request is e-mailed on create unless staff untick it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PaymentRequestNewPage } from './PaymentRequestNewPage.tsx';

const user = userEvent.setup({ delay: null });

const render = () =>
  renderRoutes([{ path: '/dashboard/payment-request-new', element: <PaymentRequestNewPage /> }], {
    initialEntries: ['/dashboard/payment-request-new'],
    session: signedInSession(5150),
  });

const campaigns = {
  'GET /npo_admin/campaigns': {
    body: { campaigns: [{ id: 4, name: 'Spring Appeal', currency: 'USD', parent_campaign_id: null }], total: 1 },
  },
  'GET /npo_admin/campaigns/4': { body: { campaign: { designations: [] } } },
};

async function fill(amount: string) {
  await user.click(await screen.findByText('New donor'));
  await user.type(screen.getByLabelText(/First name/), 'Pat');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'pat@example.org');
  await user.type(screen.getByLabelText(/^Purpose/), 'Pledge payment');
  await user.type(screen.getByRole('textbox', { name: /^Amount/ }), amount);
  await user.click(screen.getByRole('combobox', { name: /^Campaign/ }));
  await user.click(await screen.findByRole('option', { name: 'Spring Appeal' }));
}

describe('PaymentRequestNewPage', () => {
  it('checks the amount before sending anything', { timeout: 150_000 }, async () => {
    const fetchStub = stubFetch(campaigns);
    render();
    await fill('12.345');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText('USD amounts have at most 2 decimals')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/npo_admin/payment_requests')).toEqual([]);
  });

  it("shows the server's message beside its field and e-mails the request by default", {
    timeout: 150_000,
  }, async () => {
    const fetchStub = stubFetch({
      ...campaigns,
      'POST /npo_admin/payment_requests': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'x',
          fields: { expires_on: 'The link cannot expire before the due date.' },
        },
      },
    });
    render();
    await fill('120');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText('The link cannot expire before the due date.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/npo_admin/payment_requests')[0]?.body).toMatchObject({
      payer: { first_name: 'Pat', email: 'pat@example.org' },
      amount_minor: 12_000,
      campaign_id: 4,
      send_email: true,
    });
  });
});
