import { ASSISTANT_EXPANDED_KEY, type TAnalysis } from '@kindling/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AssistantButton } from '../../../shell/AssistantButton.tsx';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';

// The insights assistant panel (spec 01 §4–9, docs/product/insights.md#assistant).

const table: TAnalysis = {
  type: 'table',
  title: 'Top 2 donors, this quarter',
  columns: [
    { key: 'donor', label: 'Donor' },
    { key: 'total', label: 'Total' },
  ],
  rows: [
    { donor: 'Ada Lovelace', total: '$1,200.00' },
    { donor: 'Grace Hopper', total: '$900.00' },
  ],
  note: 'Period: this quarter.',
};
const chart: TAnalysis = {
  type: 'chart',
  chart: 'line',
  title: 'Forecast for next month (2026-12): $5,000.00',
  points: [
    { label: '2026-10', values: { actual: 400000, forecast: null, low: null, high: null } },
    { label: '2026-11', values: { actual: 450000, forecast: 450000, low: null, high: null } },
    { label: '2026-12', values: { actual: null, forecast: 500000, low: 400000, high: 600000 } },
  ],
  series: [
    { key: 'actual', label: 'Raised', kind: 'line' },
    { key: 'forecast', label: 'Forecast', kind: 'line' },
    { key: 'low', label: '80% interval, low', kind: 'band' },
    { key: 'high', label: '80% interval, high', kind: 'band' },
  ],
  currency: 'USD',
  note: 'Method: the average of the last three full months.',
};

const render = () =>
  renderRoutes([{ path: '*', element: <AssistantButton /> }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(1984),
  });

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open assistant' }));
  return screen.findByRole('dialog', { name: 'Insights assistant' });
}

/** Pointer events as the browser sends them (jsdom has no PointerEvent: a MouseEvent of that type carries the coordinates). */
const pointer = (target: EventTarget, type: string, x: number, y: number) =>
  act(() => {
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y }));
  });

beforeEach(() => {
  window.localStorage.clear();
  Object.assign(window, { innerWidth: 1280, innerHeight: 900 });
});

describe('the insights assistant panel', () => {
  it('opens at 480 × 600, moves by dragging its handle and resizes from its corner, never under 320 × 300', async () => {
    stubFetch({ 'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } } });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    expect(panel.style.width).toBe('480px');
    expect(panel.style.height).toBe('600px');
    const left = Number.parseFloat(panel.style.left);
    const top = Number.parseFloat(panel.style.top);

    const move = within(panel).getByRole('button', { name: /^Move assistant/ });
    pointer(move, 'pointerdown', 500, 300);
    pointer(window, 'pointermove', 400, 250);
    pointer(window, 'pointerup', 400, 250);
    expect(Number.parseFloat(panel.style.left)).toBe(left - 100);
    expect(Number.parseFloat(panel.style.top)).toBe(top - 50);
    // After the pointer is up, moving it does nothing.
    pointer(window, 'pointermove', 0, 0);
    expect(Number.parseFloat(panel.style.left)).toBe(left - 100);

    const resize = within(panel).getByRole('button', { name: /^Resize assistant/ });
    pointer(resize, 'pointerdown', 800, 800);
    pointer(window, 'pointermove', 500, 400);
    pointer(window, 'pointerup', 500, 400);
    expect(panel.style.width).toBe('320px');
    expect(panel.style.height).toBe('300px');

    // The keyboard moves and resizes too.
    resize.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(panel.style.width).toBe('336px');
    expect(panel.style.height).toBe('316px');
  }, 90_000);

  it('keeps its expanded (fullscreen) state in local storage across openings', async () => {
    stubFetch({ 'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } } });
    const user = userEvent.setup();
    render();
    let panel = await open(user);
    await user.click(within(panel).getByRole('button', { name: 'Expand assistant' }));
    expect(window.localStorage.getItem(ASSISTANT_EXPANDED_KEY)).toBe('true');
    expect(panel).toHaveAttribute('data-expanded', 'true');
    expect(within(panel).queryByRole('button', { name: /^Move assistant/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Close assistant' }));
    panel = await open(user);
    expect(panel).toHaveAttribute('data-expanded', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Restore assistant size' }));
    expect(window.localStorage.getItem(ASSISTANT_EXPANDED_KEY)).toBe('false');
  }, 90_000);

  it('answers a custom question with a table, saves it, and shows a forecast as a chart', async () => {
    const saved: { id: number; query: string; queried_at: string }[] = [];
    const stub = stubFetch({
      'GET /npo_admin/ai_user_queries': () => ({ body: { status: 'success', data: [...saved].reverse() } }),
      'POST /npo_admin/ai_user_queries': (call) => {
        const query = (call.body as { query: string }).query;
        saved.push({ id: saved.length + 1, query, queried_at: new Date().toISOString() });
        return { body: { status: 'success', data: saved.at(-1) } };
      },
      'POST /ai/analyze': (call) => ({
        body: { status: 'success', data: /forecast/i.test((call.body as { prompt: string }).prompt) ? chart : table },
      }),
    });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    const ask = within(panel).getByRole('button', { name: 'Ask' });
    expect(ask).toBeDisabled();
    await user.type(within(panel).getByLabelText('Your question'), '   ');
    expect(ask).toBeDisabled();
    await user.clear(within(panel).getByLabelText('Your question'));
    await user.click(within(panel).getByLabelText('Your question'));
    await user.paste('who are my top donors this quarter');
    await user.keyboard('{Enter}');
    const answer = await within(panel).findByRole('table', { name: 'Top 2 donors, this quarter' });
    expect(within(answer).getAllByRole('row')).toHaveLength(3);
    expect(stub.callsTo('POST', '/ai/analyze')[0]?.body).toEqual({
      prompt: 'who are my top donors this quarter',
      time_range: 'last_30_days',
    });

    await user.click(within(panel).getByLabelText('Your question'));
    await user.paste('forecast next month');
    await user.keyboard('{Enter}');
    await within(panel).findByRole('heading', { name: 'Forecast for next month (2026-12): $5,000.00' });
    expect(within(panel).getByText(/^Method: the average/)).toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: chart.title })).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: /^Recent/ }));
    const recent = await within(panel).findByRole('list', { name: 'Recent queries' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['forecast next month', 'who are my top donors this quarter']),
    );
  }, 90_000);

  it('does not save a predefined prompt, and lists the four categories', async () => {
    const stub = stubFetch({
      'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } },
      'POST /ai/analyze': { body: { status: 'success', data: table } },
    });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    await user.click(within(panel).getByRole('tab', { name: 'Prompts' }));
    for (const category of ['Donor Analysis', 'Campaign Performance', 'Predictive Insights', 'Payment Insights'])
      expect(within(panel).getByRole('heading', { name: category })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Top donors' }));
    await within(panel).findByRole('table', { name: 'Top 2 donors, this quarter' });
    expect(stub.callsTo('POST', '/npo_admin/ai_user_queries')).toHaveLength(0);
  }, 90_000);

  it('renders pasted insights without a call, keeps at most 5 of them labelled by 100 characters', async () => {
    const stub = stubFetch({ 'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } } });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    const input = within(panel).getByLabelText('Your question');
    for (let i = 1; i <= 6; i++) {
      const json = JSON.stringify({
        insights: [{ id: `p${i}`, title: `Pasted insight ${i}`, description: 'x'.repeat(120) }],
      });
      await user.click(input);
      await user.paste(json);
      await user.click(within(panel).getByRole('button', { name: 'Ask' }));
      await within(panel).findByRole('heading', { name: `Pasted insight ${i}` });
    }
    // Display defaults fill what the pasted insight leaves out.
    const card = within(panel).getAllByRole('article')[0] as HTMLElement;
    expect(card).toHaveTextContent('medium priority');
    expect(card).toHaveTextContent('80% confidence');
    expect(card).toHaveTextContent('No data points available');
    expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(panel).getByRole('tab', { name: /^Recent/ }));
    const items = within(await within(panel).findByRole('list', { name: 'Recent queries' })).getAllByRole('button');
    expect(items).toHaveLength(5);
    // The label keeps 100 characters; the list shortens it to 60.
    expect(items[0]?.getAttribute('title')).toHaveLength(100);
    expect(items[0]?.textContent?.replace(' (pasted)', '')).toHaveLength(60);
  }, 90_000);

  it('shows recent saved queries (10 of them), shortened to 60 characters, and clears them all', async () => {
    const long = `How much did donors who first gave in the spring appeal give again in the autumn?`;
    let data = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      query: i === 0 ? long : `question ${i}`,
      queried_at: '2026-11-20T10:00:00Z',
    }));
    const stub = stubFetch({
      'GET /npo_admin/ai_user_queries': () => ({ body: { status: 'success', data } }),
      'DELETE /ai/user_queries/destroy_all': () => {
        data = [];
        return { body: { status: 'success', data: { deleted: 12 } } };
      },
    });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    await user.click(within(panel).getByRole('tab', { name: /^Recent/ }));
    const list = await within(panel).findByRole('list', { name: 'Recent queries' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent(`${long.slice(0, 59)}…`);
    expect(items[0]).toHaveAttribute('title', long);
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    await within(panel).findByText('No recent queries yet.');
    expect(stub.callsTo('DELETE', '/ai/user_queries/destroy_all')).toHaveLength(1);
  }, 90_000);

  it('shows the red messages of a failed analysis', async () => {
    let reply: { status: number; body: unknown } | 'network-error' = {
      status: 429,
      body: { status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Wait a moment and ask again.' },
    };
    stubFetch({
      'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } },
      'POST /npo_admin/ai_user_queries': { body: { status: 'success', data: { id: 1, query: 'q', queried_at: '' } } },
      'POST /ai/analyze': () => reply,
    });
    const user = userEvent.setup();
    render();
    const panel = await open(user);
    const input = within(panel).getByLabelText('Your question');
    await user.type(input, 'top donors{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Wait a moment and ask again.');
    reply = { status: 500, body: null };
    await user.type(input, 'top donors again{Enter}');
    await waitFor(() => expect(within(panel).getAllByRole('alert')).toHaveLength(2));
    expect(within(panel).getAllByRole('alert')[1]).toHaveTextContent('Failed to process prompt');
  }, 90_000);
});
