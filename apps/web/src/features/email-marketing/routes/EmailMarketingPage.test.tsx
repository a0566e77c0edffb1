import type { TMarketingEmail } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { EmailMarketingPage } from './EmailMarketingPage.tsx';

const RESULTS = {
  recipients: 60,
  queued: 0,
  sent: 60,
  delivered: 59,
  bounced: 1,
  skipped: 0,
  interrupted: 0,
  opened: 30,
  clicked: 12,
  unsubscribed: 1,
  gifts: 3,
  revenue_minor: 12500,
  currency: 'USD',
  attribution_days: 30,
};
const email = (overrides: Partial<TMarketingEmail>): TMarketingEmail => ({
  id: 1,
  name: 'Spring newsletter',
  subject: 'What your gifts did this spring',
  preheader: '',
  from_name: 'Riverside Food Bank',
  reply_to: '',
  html: '<p>Dear {{donor_first_name}}</p>',
  text: 'Dear {{donor_first_name}}',
  segment_id: 3,
  segment_name: 'Top 100 by lifetime',
  status: 'sent',
  scheduled_at: null,
  sent_at: '2026-11-05T10:00:00.000Z',
  updated_at: '2026-11-05T10:00:00.000Z',
  results: RESULTS,
  ...overrides,
});
const SCHEDULED = email({
  id: 2,
  name: 'Summer appeal',
  status: 'scheduled',
  sent_at: null,
  scheduled_at: '2026-12-03T10:00:00.000Z',
  results: { ...RESULTS, sent: 0, delivered: 0, opened: 0, clicked: 0 },
});

const renderPage = (path: string) =>
  renderRoutes([{ path: '/dashboard/crm/email-marketing', element: <EmailMarketingPage /> }], {
    initialEntries: [path],
    session: signedInSession(1984),
  });

describe('EmailMarketingPage', () => {
  it('lists e-mails with open and click rates, and shows a sent one’s results', async () => {
    stubFetch({ 'GET /npo_admin/marketing/emails': { body: { emails: [email({}), SCHEDULED] } } });
    renderPage('/dashboard/crm/email-marketing?email=1');
    const row = (await screen.findByRole('button', { name: 'Spring newsletter' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('51%')).toBeInTheDocument();
    expect(within(row).getByText('20%')).toBeInTheDocument();
    const results = screen.getByLabelText('Results');
    expect(within(results).getByText('Gifts within 30 days')).toBeInTheDocument();
    expect(within(results).getByText('$125.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
  });

  it('saves a new draft with the chosen segment and shows the field message the server gives', async () => {
    const stub = stubFetch({
      'GET /npo_admin/marketing/emails': { body: { emails: [] } },
      'GET /npo_admin/segments': {
        body: {
          segments: [
            {
              id: 3,
              name: 'Monthly donors',
              description: '',
              kind: 'dynamic',
              rules: null,
              count: 42,
              updated_at: '2026-11-01T00:00:00.000Z',
            },
          ],
        },
      },
      'POST /npo_admin/marketing/emails': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Use only these merge fields: {{donor_first_name}}, {{donor_name}}, {{organisation_name}}.',
          fields: {
            subject: 'Use only these merge fields: {{donor_first_name}}, {{donor_name}}, {{organisation_name}}.',
          },
        },
      },
    });
    renderPage('/dashboard/crm/email-marketing?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 }), 'June news');
    await user.click(screen.getByRole('combobox', { name: 'Send to' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly donors (42)' }));
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Hello {{{{amount}}');
    await user.click(screen.getByRole('button', { name: 'Save e-mail' }));
    expect((await screen.findAllByText(/Use only these merge fields/)).length).toBeGreaterThan(0);
    const [call] = stub.callsTo('POST', '/npo_admin/marketing/emails');
    expect(call?.body).toMatchObject({ name: 'June news', segment_id: 3, subject: 'Hello {{amount}}' });
  });
});
