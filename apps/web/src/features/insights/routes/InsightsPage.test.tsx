import type { TInsight, TInsightsResponse } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InsightsPage } from './InsightsPage.tsx';

const render = () =>
  renderRoutes([{ path: '/dashboard/crm/ai-insights', element: <InsightsPage /> }], {
    initialEntries: ['/dashboard/crm/ai-insights'],
    session: signedInSession(1984),
  });

/** The input a label names (a Mantine select's listbox is labelled by it too). */
const inputLabelled = (label: string) => {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
};

const insight = (
  id: string,
  priority: TInsight['priority'],
  confidence: number,
  extra: Partial<TInsight> = {},
): TInsight => ({
  id,
  title: `Insight ${id}`,
  description: `About ${id}`,
  type: 'top_donor',
  priority,
  confidence,
  entity: { name: `Entity ${id}`, type: 'account' },
  suggested_actions: [{ text: `Call about ${id}`, type: 'call' }],
  data_points: [
    { label: 'Share', value: 42, trend: 'up' },
    { label: 'Raised', value: 12500, trend: 'down' },
    { label: 'Average', value: 3.456, trend: 'neutral' },
  ],
  ...extra,
});

const response = (
  insights: TInsightsResponse['data']['insights'],
  extra: Partial<TInsightsResponse['data']> = {},
): TInsightsResponse => ({
  status: 'success',
  data: {
    insights,
    time_range: 'last_30_days',
    computed_at: '2026-11-26T02:00:00.000Z',
    refreshing: false,
    currency: 'USD',
    churn_model: null,
    ...extra,
  },
});

describe('the AI insights page', { timeout: 120_000 }, () => {
  it('shows cards sorted by priority, with the spec number formatting and trend arrows, and re-sorts by confidence', async () => {
    stubFetch({
      'GET /insights': {
        body: response({
          donor_insights: [
            insight('low', 'low', 99),
            insight('high', 'high', 60),
            insight('medium', 'medium', 80, { data_points: [] }),
          ],
        }),
      },
    });
    render();
    await screen.findByRole('heading', { name: 'Insight high' });
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles()).toEqual(['Insight high', 'Insight medium', 'Insight low']);
    const card = screen.getByRole('article', { name: 'Insight high' });
    expect(within(card).getByText('42%')).toBeInTheDocument();
    expect(within(card).getByText('$12,500')).toBeInTheDocument();
    expect(within(card).getByText('3.46')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'rising' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'falling' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Insight medium' })).getByText('No data points available'),
    ).toBeInTheDocument();
    await userEvent.click(inputLabelled('Sort by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Confidence' }));
    await waitFor(() => expect(titles()).toEqual(['Insight low', 'Insight medium', 'Insight high']));
  });

  it('filters through the call: the churn tab, a period and a country', async () => {
    const stub = stubFetch({
      'GET /insights': {
        body: response(
          { churn_insights: [insight('churn', 'high', 81)] },
          {
            churn_model: {
              method: 'logistic_regression',
              auc: 0.81,
              recency_auc: 0.7,
              lift: 0.11,
              trained_on: 300,
              held_out: 120,
              note: 'Trained on your donors.',
            },
          },
        ),
      },
    });
    render();
    await userEvent.click(await screen.findByRole('tab', { name: /Churn/ }));
    expect(await screen.findByText('Churn model: AUC 0.81 on 120 held-out donors')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Insight churn' })).toBeInTheDocument();
    await userEvent.click(inputLabelled('Period'));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    await userEvent.type(inputLabelled('Country'), 'gb');
    await waitFor(() => {
      const last = stub.callsTo('GET', '/insights').at(-1);
      expect(last?.query.get('time_range')).toBe('last_90_days');
      expect(last?.query.get('location')).toBe('GB');
      expect(last?.query.get('risk_threshold')).toBe('70');
    });
  });

  it('shows the empty state and asks for a refresh', async () => {
    const stub = stubFetch({
      'GET /insights': { body: response({ donor_insights: [] }, { computed_at: null }) },
      'POST /insights/refresh': { body: { status: 'success', data: { queued: true } } },
    });
    render();
    expect(await screen.findByText('No insights available')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No insights available for the selected filter. Try adjusting your filters or check back later.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Refresh Insights' })[0] as HTMLElement);
    await waitFor(() => expect(stub.callsTo('POST', '/insights/refresh')).toHaveLength(1));
  });

  it('says so when the answer is not in the expected format', async () => {
    stubFetch({ 'GET /insights': { body: { status: 'error' } } });
    render();
    expect(await screen.findByText('Received unexpected response format')).toBeInTheDocument();
    expect(screen.getByText('No insights available')).toBeInTheDocument();
  });
});
