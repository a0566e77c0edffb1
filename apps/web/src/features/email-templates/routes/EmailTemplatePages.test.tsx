import type { TEmailKind, TEmailTemplate } from '@kindling/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CampaignReceiptPage } from './CampaignReceiptPage.tsx';
import { OneTimeEmailsPage, RecurringEmailsPage } from './EmailTemplatePages.tsx';

const template = (kind: TEmailKind, overrides: Partial<TEmailTemplate> = {}): TEmailTemplate => ({
  kind,
  campaign_id: null,
  campaign_name: null,
  subject: `Subject of ${kind}`,
  html: '<p>Hello {{donor_first_name}}</p><p><a href="{{portal_url}}">Your gifts</a></p>',
  text: 'Hello {{donor_first_name}}',
  source: 'default',
  updated_at: null,
  editable: true,
  ...overrides,
});

/** The server's preview: the draft's subject with a sample name, so a test sees it came from the draft. */
const preview = (call: StubCall) => {
  const body = call.body as { subject: string; html: string };
  return {
    body: {
      preview: {
        subject: body.subject.replace('{{donor_first_name}}', 'Ada'),
        html: `<!doctype html><html><body>${body.html}</body></html>`,
        text: 'plain',
      },
    },
  };
};

const render = (entry: string, code: 5150 | 1984 = 5150) =>
  renderRoutes(
    [
      { path: '/dashboard/campaigns/one-time-emails', element: <OneTimeEmailsPage /> },
      { path: '/dashboard/campaigns/recurring-emails', element: <RecurringEmailsPage /> },
      { path: '/dashboard/campaigns/receipts/:id', element: <CampaignReceiptPage /> },
      { path: '/elsewhere', element: <Link to="/dashboard/campaigns/one-time-emails">back</Link> },
    ],
    { initialEntries: [entry], session: signedInSession(code) },
  );

configure({ asyncUtilTimeout: 5_000 });
describe('e-mail template pages', { timeout: 30_000 }, () => {
  it('edits the receipt subject with a merge field, previews the draft and saves it', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/email_templates/receipt': { body: { template: template('receipt') } },
      'GET /npo_admin/email_templates/thank_you': { body: { template: template('thank_you') } },
      'POST /npo_admin/email_templates/receipt/preview': preview,
      'POST /npo_admin/email_templates/thank_you/preview': preview,
      'PUT /npo_admin/email_templates/receipt': ({ body }) => ({
        body: { template: template('receipt', { ...(body as object), source: 'organisation' }) },
      }),
    });
    const user = userEvent.setup();
    render('/dashboard/campaigns/one-time-emails');
    const panel = await screen.findByRole('tabpanel', { name: 'Receipt' });
    const subject = await within(panel).findByLabelText('Subject');
    expect(subject).toHaveValue('Subject of receipt');
    await user.clear(subject);
    await user.paste('Thanks, ');
    await user.click(within(panel).getByRole('button', { name: 'Insert a merge field into the subject' }));
    await user.click(await screen.findByRole('menuitem', { name: /Donor first name/ }));
    expect(subject).toHaveValue('Thanks, {{donor_first_name}}');
    expect(within(panel).getByText('Unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('preview-subject')).toHaveTextContent('Thanks, Ada'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Saved. New e-mails use this template.')).toBeInTheDocument();
    const put = fetchStub.callsTo('PUT', '/npo_admin/email_templates/receipt')[0]?.body as {
      subject: string;
      html: string;
    };
    expect(put.subject).toBe('Thanks, {{donor_first_name}}');
    expect(put.html).toContain('href="{{portal_url}}"');
    expect(within(panel).queryByText('Unsaved changes')).toBeNull();
  });

  it("shows the server's message next to the field when a save is refused", async () => {
    stubFetch({
      'GET /npo_admin/email_templates/receipt': { body: { template: template('receipt') } },
      'GET /npo_admin/email_templates/thank_you': { body: { template: template('thank_you') } },
      'POST /npo_admin/email_templates/receipt/preview': preview,
      'POST /npo_admin/email_templates/thank_you/preview': preview,
      'PUT /npo_admin/email_templates/receipt': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Unknown merge field {{nope}}.',
          fields: { subject: 'Unknown merge field {{nope}}. Use one of: donor_first_name.' },
        },
      },
    });
    const user = userEvent.setup();
    render('/dashboard/campaigns/one-time-emails');
    const panel = await screen.findByRole('tabpanel', { name: 'Receipt' });
    const subject = await within(panel).findByLabelText('Subject');
    await user.click(subject);
    await user.paste(' {{nope}}');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription(expect.stringContaining('Unknown merge field {{nope}}')),
    );
  });

  it('lists the four recurring kinds, read-only for staff', async () => {
    const handlers: Record<string, { body: unknown } | typeof preview> = {};
    for (const kind of ['upcoming_charge', 'failed_charge', 'card_expiring', 'plan_cancelled'] as const) {
      handlers[`GET /npo_admin/email_templates/${kind}`] = { body: { template: template(kind, { editable: false }) } };
      handlers[`POST /npo_admin/email_templates/${kind}/preview`] = preview;
    }
    stubFetch(handlers);
    render('/dashboard/campaigns/recurring-emails', 1984);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Upcoming charge',
      'Failed charge',
      'Card expiring',
      'Plan cancelled',
    ]);
    const panel = await screen.findByRole('tabpanel', { name: 'Upcoming charge' });
    expect(await within(panel).findByText('View only')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Subject')).toHaveAttribute('readonly');
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Insert a merge field/ })).toBeNull();
  });

  it('offers a retry when a template cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/email_templates/receipt': () =>
        fail ? { status: 500, body: { message: 'Server trouble' } } : { body: { template: template('receipt') } },
      'GET /npo_admin/email_templates/thank_you': { body: { template: template('thank_you') } },
      'POST /npo_admin/email_templates/receipt/preview': preview,
      'POST /npo_admin/email_templates/thank_you/preview': preview,
    });
    const user = userEvent.setup();
    render('/dashboard/campaigns/one-time-emails');
    const panel = await screen.findByRole('tabpanel', { name: 'Receipt' });
    expect(await within(panel).findByText('The template could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByLabelText('Subject')).toHaveValue('Subject of receipt');
  });

  it("shows a campaign's fallback to the organisation's receipt, and not found for another organisation's campaign", async () => {
    stubFetch({
      'GET /npo_admin/campaigns/7/receipt_template': {
        body: {
          template: template('receipt', { campaign_id: 7, campaign_name: 'Spring Appeal', source: 'organisation' }),
        },
      },
      'POST /npo_admin/campaigns/7/receipt_template/preview': preview,
      'GET /npo_admin/campaigns/8/receipt_template': { status: 404, body: { message: 'Campaign not found.' } },
    });
    const first = render('/dashboard/campaigns/receipts/7');
    expect(await screen.findByRole('heading', { name: 'Receipt · Spring Appeal' })).toBeInTheDocument();
    expect(screen.getByText("Uses the organisation's receipt")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Use the organisation's receipt" })).toBeDisabled();
    first.unmount();
    render('/dashboard/campaigns/receipts/8');
    expect(await screen.findByText('Campaign not found')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    stubFetch({
      'GET /npo_admin/email_templates/receipt': { body: { template: template('receipt') } },
      'GET /npo_admin/email_templates/thank_you': { body: { template: template('thank_you') } },
      'POST /npo_admin/email_templates/receipt/preview': preview,
      'POST /npo_admin/email_templates/thank_you/preview': preview,
    });
    const user = userEvent.setup();
    const { router } = render('/dashboard/campaigns/one-time-emails');
    const panel = await screen.findByRole('tabpanel', { name: 'Receipt' });
    await user.click(await within(panel).findByLabelText('Subject'));
    await user.paste('!');
    await router.navigate('/elsewhere');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/dashboard/campaigns/one-time-emails');
  });
});
