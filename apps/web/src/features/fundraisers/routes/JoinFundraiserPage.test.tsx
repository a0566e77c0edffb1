import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedOutSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { JoinFundraiserPage } from './JoinFundraiserPage.tsx';

const routes = [{ path: '/join-fundraiser', element: <JoinFundraiserPage /> }];
const TOKEN = 'tok_0123456789abcdef';
const fundraiser = {
  id: 9,
  campaign_id: 1,
  first_name: 'Vera',
  last_name: 'Visitor',
  email: 'vera@example.org',
  role: 'fundraiser',
  status: 'invited',
  peer_campaign_id: null,
  invited_at: '2026-11-25T21:00:00.000Z',
  joined_at: null,
};

describe('/join-fundraiser', () => {
  it('joins only on the click, then offers to choose a password', async () => {
    const fetchStub = stubFetch({
      'POST /fundraiser/confirm': {
        body: {
          fundraiser,
          campaign_name: 'Spring Appeal',
          password_url: 'http://localhost:3000/reset-password?token=pw_123',
        },
      },
    });
    renderRoutes(routes, { initialEntries: [`/join-fundraiser?token=${TOKEN}`], session: signedOutSession });
    const join = await screen.findByRole('button', { name: 'Join as a fundraiser' });
    expect(fetchStub.callsTo('POST', '/fundraiser/confirm')).toHaveLength(0);
    await userEvent.setup().click(join);
    expect(await screen.findByText(/You are now a fundraiser for Spring Appeal/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your password' })).toHaveAttribute(
      'href',
      '/reset-password?token=pw_123',
    );
    expect(fetchStub.callsTo('POST', '/fundraiser/confirm')[0]?.body).toEqual({ token: TOKEN });
  });

  it('says so when the link was already used', async () => {
    const used =
      'This link was already used: you are already a fundraiser for this campaign. Sign in to see your page.';
    stubFetch({
      'POST /fundraiser/confirm': { status: 409, body: { status: 409, code: 'CONFLICT', message: used } },
    });
    renderRoutes(routes, { initialEntries: [`/join-fundraiser?token=${TOKEN}`], session: signedOutSession });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join as a fundraiser' }));
    expect(await screen.findByText(used)).toBeInTheDocument();
  });
});
