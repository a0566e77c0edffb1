import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageUrgency } from './PageUrgency.tsx';
import { testCampaign } from './test-campaign.ts';

describe('urgency and progress on the public page', () => {
  it.each([
    [0, 'Campaign ended', 'kd-days-ended'],
    [-4, 'Campaign ended', 'kd-days-ended'],
    [1, '1 day left', 'kd-days-urgent'],
    [3, '3 days left', 'kd-days-urgent'],
    [7, '7 days left', 'kd-days-soon'],
    [8, '8 days left', 'kd-days-open'],
  ])('shows %i days left as %s in its colour', (days, text, tone) => {
    render(<PageUrgency campaign={testCampaign({ days_left: days })} />);
    expect(screen.getByText(text)).toHaveClass('kd-days', tone);
  });

  it("shows a fundraiser's own goal and progress, capped at 100 %", () => {
    const peer = {
      id: 9,
      name: 'Team Sam',
      campaign_url: 'team-sam',
      owner_name: 'Sam Lee',
      raised_minor: 75_000,
      donors: 3,
      goal_minor: 50_000,
    };
    render(<PageUrgency campaign={testCampaign({ peer, days_left: null, raised_currency: 'USD' })} />);
    const bar = screen.getByRole('progressbar', { name: 'Raised towards Sam Lee’s goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('$750')).toBeInTheDocument();
    expect(screen.getByText('of $500')).toBeInTheDocument();
  });

  it('shows nothing for a campaign page without an end date', () => {
    const { container } = render(<PageUrgency campaign={testCampaign({ days_left: null, peer: null })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
