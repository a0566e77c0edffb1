// The Apple Pay and Google Pay domains card on /admin/processors (decision 038): what staff see of
// the registered domains and what a registration sends.
import type { TWalletDomainsResponse } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { WalletDomainsCard } from './WalletDomainsCard.tsx';

const PATH = '/processors/stripe/payment_method_domains';
afterEach(() => notifications.clean());

const answer = (domains: TWalletDomainsResponse['domains']): TWalletDomainsResponse => ({
  domains,
  suggested: 'give.riverside.example',
  provider: 'stripe',
});
const FORM_DOMAIN = {
  domain: 'give.riverside.example',
  apple_pay: 'active',
  google_pay: 'active',
  registered_at: '2026-11-20T10:00:00Z',
};

const render = () =>
  renderRoutes([{ path: '/x', element: <WalletDomainsCard /> }], {
    initialEntries: ['/x'],
    session: signedInSession(5150),
  });

describe('the wallet domains card', () => {
  it('offers the form’s own domain when none is registered, registers it and lists it with its status', async () => {
    const stub = stubFetch({
      [`GET ${PATH}`]: { body: answer([]) },
      [`POST ${PATH}`]: { body: answer([FORM_DOMAIN]) },
    });
    const user = userEvent.setup();
    render();
    const field = screen.getByLabelText('Domain');
    expect(await screen.findByPlaceholderText('give.riverside.example')).toBe(field);
    expect(screen.queryByRole('table', { name: 'Registered domains' })).not.toBeInTheDocument();
    // An empty field registers the suggested domain.
    await user.click(screen.getByRole('button', { name: 'Register domain' }));
    expect(await screen.findByText('Domain registered for Apple Pay and Google Pay.')).toBeInTheDocument();
    expect(stub.callsTo('POST', PATH).map((c) => c.body)).toEqual([{ domain: 'give.riverside.example' }]);
    const rows = within(screen.getByRole('table', { name: 'Registered domains' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DomainApple PayGoogle Pay', 'give.riverside.exampleactiveactive']);
  });

  it('sends the domain staff typed and shows the server’s refusal on the field, keeping what they typed', async () => {
    const stub = stubFetch({
      [`GET ${PATH}`]: { body: answer([FORM_DOMAIN]) },
      [`POST ${PATH}`]: {
        status: 400,
        body: { status: 400, code: 'VALIDATION_FAILED', message: 'Enter a domain name such as give.example.org' },
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('table', { name: 'Registered domains' })).toBeInTheDocument();
    const field = screen.getByLabelText('Domain');
    await user.type(field, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Register domain' }));
    expect(await screen.findByText('Enter a domain name such as give.example.org')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('not a domain');
    expect(stub.callsTo('POST', PATH).map((c) => c.body)).toEqual([{ domain: 'not a domain' }]);
  });
});
