import { MEMBERSHIP_MESSAGES } from '@kindling/contracts/membership-rules.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { testCampaign } from '../test-campaign.ts';
import MembershipRenewal from './MembershipRenewal.tsx';

afterEach(() => vi.unstubAllGlobals());

const campaign = testCampaign({ campaign_type: 'membership', campaign_url: 'friends-of-riverside' });

describe('the renewal link on /subscriptions', () => {
  it('shows the membership to renew and continues to payment with its reference and price', async () => {
    stubFetch({
      'GET /subscriptions/renewals/mr1.5.99.sig': {
        body: {
          reference: 'ref-abcdefghij',
          tier: 'Household',
          members: ['Rosa Parks', 'Ray Parks'],
          price_minor: 10000,
          currency: 'USD',
          interval: 'yearly',
          term: 'yearly',
          period_end: '2026-12-01T00:00:00.000Z',
        },
      },
    });
    const onContinue = vi.fn();
    render(<MembershipRenewal campaign={campaign} token="mr1.5.99.sig" onContinue={onContinue} />);
    expect(await screen.findByRole('heading', { name: 'Renew your Household membership' })).toBeTruthy();
    expect(screen.getByText('Members: Rosa Parks, Ray Parks')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(onContinue).toHaveBeenCalledWith(
      expect.objectContaining({ membership: 'ref-abcdefghij', totalMinor: 10000, interval: 'yearly', currency: 'USD' }),
    );
  });

  it('says plainly that an expired link has expired, and offers the memberships instead', async () => {
    stubFetch({
      'GET /subscriptions/renewals/mr1.5.1.sig': {
        status: 422,
        body: { status: 422, code: 'UNPROCESSABLE', message: MEMBERSHIP_MESSAGES.renewalExpired },
      },
    });
    render(<MembershipRenewal campaign={campaign} token="mr1.5.1.sig" onContinue={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBERSHIP_MESSAGES.renewalExpired);
    expect(screen.getByRole('link', { name: 'See the memberships' }).getAttribute('href')).toBe(
      '/subscriptions/friends-of-riverside',
    );
  });
});
