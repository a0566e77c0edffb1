import { ORGANISATION_PROFILE_MESSAGES, type TOrganisationProfile } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { organisation, refreshResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OrganisationPage } from './OrganisationPage.tsx';

afterEach(() => notifications.clean());

const PROFILE: TOrganisationProfile = {
  legal_name: 'Riverside Community Food Bank, Inc.',
  display_name: 'Riverside Food Bank',
  logo_url: '/uploads/1/organisation/logo-demo.png',
  address: { line1: '120 Water Street', line2: '', city: 'Hudson', region: 'NY', postcode: '12534' },
  country: 'US',
  ein: '12-3456789',
  uk_charity_number: '',
  hmrc_reference: '',
  other_tax_ids: '',
  website: 'https://riverside.example.org',
  contact_email: 'hello@riverside.example.org',
  base_currency: 'USD',
  fiscal_year_start_month: 7,
  time_zone: 'America/New_York',
  locale: 'en-US',
  monthly_goal: 2_500_000,
  receipt_signatory_name: 'Dana Rivers',
  receipt_signatory_title: 'Executive Director',
  receipt_signature_url: null,
  receipt_footer: '',
  has_gifts: true,
};

const PATH = '/npo_admin/organisation_profile';

function renderPage(handlers: Parameters<typeof stubFetch>[0]) {
  const fetchStub = stubFetch({
    'GET /refresh': { body: refreshResponse([organisation(1, 5150)], 5150) },
    ...handlers,
  });
  renderRoutes([{ path: '/admin/organization', element: <OrganisationPage /> }], {
    initialEntries: ['/admin/organization'],
    session: signedInSession(5150),
  });
  return { fetchStub, user: userEvent.setup() };
}

const region = (name: string) => screen.findByRole('region', { name });

// The whole form re-renders per keystroke; under a loaded machine the default 5 s is not enough.
describe('OrganisationPage', { timeout: 60_000 }, () => {
  it('shows the profile in labelled fields and saves an edit, with the goal in minor units', async () => {
    const { fetchStub, user } = renderPage({
      [`GET ${PATH}`]: { body: PROFILE },
      [`PUT ${PATH}`]: (call) => ({ body: { ...PROFILE, ...(call.body as object) } }),
    });
    const identity = await region('Identity');
    expect(within(identity).getByLabelText(/Legal name/)).toHaveValue('Riverside Community Food Bank, Inc.');
    expect(within(identity).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', PROFILE.logo_url);
    const receipts = await region('Receipts');
    const signatory = within(receipts).getByLabelText('Signatory name');
    expect(signatory).toHaveValue('Dana Rivers');
    await user.clear(signatory);
    await user.paste('Jo Treasurer');
    const goal = screen.getByLabelText('Monthly goal (USD)');
    expect(goal).toHaveValue('25000.00');
    await user.clear(goal);
    await user.paste('30000');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(fetchStub.callsTo('PUT', PATH)).toHaveLength(1));
    expect(fetchStub.callsTo('PUT', PATH)[0]?.body).toMatchObject({
      receipt_signatory_name: 'Jo Treasurer',
      monthly_goal: 3_000_000,
      legal_name: PROFILE.legal_name,
    });
    expect(await screen.findByText('Organisation profile saved.')).toBeInTheDocument();
  });

  it('says what is wrong under each field and sends nothing', async () => {
    const { fetchStub, user } = renderPage({ [`GET ${PATH}`]: { body: PROFILE } });
    const ein = await screen.findByLabelText('US EIN');
    await user.clear(ein);
    await user.paste('12-345');
    await user.click(screen.getByLabelText('UK charity number'));
    await user.paste('CHARITY');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(ORGANISATION_PROFILE_MESSAGES.ein)).toBeInTheDocument();
    expect(screen.getByText(ORGANISATION_PROFILE_MESSAGES.ukCharityNumber)).toBeInTheDocument();
    expect(screen.getByLabelText('US EIN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(fetchStub.callsTo('PUT', PATH)).toHaveLength(0);
  });

  it('explains a base currency change after gifts and sends the confirmation only when ticked', async () => {
    const conflict = { status: 409, code: 'CONFLICT', message: ORGANISATION_PROFILE_MESSAGES.currencyConfirm };
    const { fetchStub, user } = renderPage({
      [`GET ${PATH}`]: { body: PROFILE },
      [`PUT ${PATH}`]: (call) =>
        (call.body as { confirm_currency_change?: boolean }).confirm_currency_change
          ? { body: { ...PROFILE, base_currency: 'EUR' } }
          : { status: 409, body: { ...conflict, fields: { base_currency: conflict.message } } },
    });
    const currency = await screen.findByRole('combobox', { name: /Base currency/ });
    await user.click(currency);
    await user.clear(currency);
    await user.paste('EUR');
    await user.click(await screen.findByRole('option', { name: /^EUR/ }));
    expect(await screen.findByText(/Gifts already recorded keep the/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(conflict.message)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Change the base currency from USD to EUR' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(fetchStub.callsTo('PUT', PATH)).toHaveLength(2));
    expect(fetchStub.callsTo('PUT', PATH)[0]?.body).not.toHaveProperty('confirm_currency_change', true);
    expect(fetchStub.callsTo('PUT', PATH)[1]?.body).toMatchObject({
      base_currency: 'EUR',
      confirm_currency_change: true,
    });
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    renderPage({ [`GET ${PATH}`]: { status: 503 } });
    expect(await screen.findByText('The organisation profile could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
