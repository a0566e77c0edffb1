import type { TKbArticle, TKbSummary, TRoleCode } from '@kindling/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { KnowledgeBasePage } from './KnowledgeBasePage.tsx';

const PATH = '/dashboard/crm/knowledge-base';
const LIST = 'GET /npo_admin/knowledge_base/articles';
const render = (role: TRoleCode = 5150, entry = PATH) =>
  renderRoutes([{ path: PATH, element: <KnowledgeBasePage /> }], {
    initialEntries: [entry],
    session: signedInSession(role),
  });

const guide: TKbSummary = {
  key: 'payments-and-processors',
  kind: 'built_in',
  title: 'Payments and processors',
  area: 'Payments',
  excerpt: 'Kindling takes payments through the processors you connect.',
  updated_at: null,
};
const own: TKbSummary = {
  key: '7',
  kind: 'own',
  title: 'Thanking a first-time donor',
  area: 'Our articles',
  excerpt: 'Every first gift gets a personal thank-you.',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const ownArticle: TKbArticle = {
  ...own,
  html: '<p>Every first gift gets a <strong>call</strong>.</p>',
  author: 'Ada Admin',
};

const byQuery = (articles: Record<string, TKbSummary[]>) => (call: StubCall) => ({
  body: { articles: articles[call.query.get('q') ?? ''] ?? [] },
});

describe('KnowledgeBasePage', () => {
  it('shows a loading state, then built-in and own articles; opens one', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({
      [LIST]: async () => {
        await gate;
        return { body: { articles: [own, guide] } };
      },
      'GET /npo_admin/knowledge_base/articles/7': { body: ownArticle },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('status', { name: 'Loading articles' })).toBeInTheDocument();
    release();
    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Payments')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Thanking a first-time donor' }));
    const article = await screen.findByRole('article', { name: 'Thanking a first-time donor' });
    expect(within(article).getByText('call')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(article).getByText(/Written by your organisation \(Ada Admin\)/)).toBeInTheDocument();
  }, 60_000);

  it('searches as one types and says when nothing matches', async () => {
    const fetches = stubFetch({ [LIST]: byQuery({ '': [own, guide], refund: [guide] }) });
    render();
    await screen.findByRole('list', { name: 'Articles' });
    const box = screen.getByRole('textbox', { name: 'Search the knowledge base' });
    fireEvent.change(box, { target: { value: 'refund' } });
    expect(await screen.findByText('1 article matches “refund”', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Payments and processors' })).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'zebra' } });
    expect(await screen.findByText('No articles match “zebra”', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Try other words, or clear the search to see every article.')).toBeInTheDocument();
    expect(fetches.calls.map((c) => c.query.get('q'))).toContain('zebra');
  }, 60_000);

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      [LIST]: () => (fail ? { status: 500, body: { status: 500, message: 'Boom' } } : { body: { articles: [guide] } }),
    });
    const user = userEvent.setup();
    render();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The knowledge base could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('button', { name: 'Payments and processors' })).toBeInTheDocument();
  }, 60_000);

  it('lets staff read but not write: no New article, no Edit on their own articles', async () => {
    stubFetch({
      [LIST]: { body: { articles: [own] } },
      'GET /npo_admin/knowledge_base/articles/7': { body: ownArticle },
    });
    render(1984, `${PATH}?article=7`);
    await screen.findByRole('article', { name: 'Thanking a first-time donor' });
    expect(screen.queryByRole('button', { name: 'New article' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  }, 60_000);
});
