import { CAMPAIGN_MESSAGES, CAMPAIGN_URL_MESSAGES, type TPublicCampaign } from '@kindling/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { staffCampaign } from '../editor-test-support.ts';
import { CampaignEditPage, CampaignNewPage } from './CampaignEditorPage.tsx';

// The public form is another feature's, tested there; here it shows what the editor hands it.
vi.mock('../../../donate/DonationForm.tsx', () => ({
  DonationForm: ({ campaign, preview }: { campaign: TPublicCampaign; preview: boolean }) => (
    <output data-testid="form-preview">
      {JSON.stringify({ name: campaign.name, amounts: campaign.amounts.map((a) => a.amount_minor), preview })}
    </output>
  ),
}));

const render = (entry: string, code: 5150 | 1984 = 5150) =>
  renderRoutes(
    [
      { path: '/dashboard/campaign-new', element: <CampaignNewPage /> },
      { path: '/dashboard/campaign-edit/:id', element: <CampaignEditPage /> },
    ],
    { initialEntries: [entry], session: signedInSession(code) },
  );

/** One paste instead of a keystroke per character: the same change events, far fewer renders. */
async function typeInto(
  user: ReturnType<typeof userEvent.setup>,
  element: HTMLElement | Promise<HTMLElement>,
  text: string,
) {
  await user.click(await element);
  await user.paste(text);
}

type Body = { amounts: Array<{ amount_minor: number; interval: string }>; [key: string]: unknown };

// A whole editor re-renders on each change; jsdom on a shared machine is slow at that.
configure({ asyncUtilTimeout: 5_000 });
describe('CampaignEditorPage', { timeout: 30_000 }, () => {
  it('shows the contract messages next to their fields and sends nothing while they stand', async () => {
    const fetchStub = stubFetch({});
    const user = userEvent.setup();
    render('/dashboard/campaign-new');
    await typeInto(user, await screen.findByLabelText(/^Campaign URL/), 'Bad URL!');
    // Checked as it is typed, with the contract's wording.
    expect(screen.getByLabelText(/^Campaign URL/)).toHaveAccessibleDescription(
      expect.stringContaining(CAMPAIGN_URL_MESSAGES.format),
    );
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(screen.getByLabelText(/^Campaign name/)).toHaveAccessibleDescription(
      expect.stringContaining(CAMPAIGN_MESSAGES.nameRequired),
    );
    expect(fetchStub.callsTo('POST', '/npo_admin/campaigns')).toHaveLength(0);
  });

  it('says while typing that a campaign URL is taken, in the words of the server', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/campaign_url_check': ({ query }) => {
        const url = query.get('campaign_url') ?? '';
        const taken = url === 'spring-appeal';
        return { body: { campaign_url: url, available: !taken, message: taken ? CAMPAIGN_URL_MESSAGES.taken : null } };
      },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-new');
    await typeInto(user, await screen.findByLabelText(/^Campaign name/), 'Spring Appeal');
    const url = screen.getByLabelText(/^Campaign URL/);
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(CAMPAIGN_URL_MESSAGES.taken)), {
      timeout: 5_000,
    });
    await typeInto(user, url, '-2026');
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining('Available')), {
      timeout: 5_000,
    });
    expect(fetchStub.callsTo('GET', '/npo_admin/campaign_url_check').map((c) => c.query.get('campaign_url'))).toEqual([
      'spring-appeal',
      'spring-appeal-2026',
    ]);
  });

  it('creates a campaign with its presets in minor units, then opens its edit page', async () => {
    const fetchStub = stubFetch({
      'POST /npo_admin/campaigns': {
        status: 201,
        body: staffCampaign(9, { name: 'Spring appeal', campaign_url: 'spring-appeal-2026' }),
      },
      'GET /npo_admin/campaigns/9': { body: staffCampaign(9, { name: 'Spring appeal' }) },
    });
    const user = userEvent.setup();
    const { router } = render('/dashboard/campaign-new');
    await typeInto(user, await screen.findByLabelText(/^Campaign name/), 'Spring Appeal 2026');
    // The URL follows the name until someone types in it.
    expect(screen.getByLabelText(/^Campaign URL/)).toHaveValue('spring-appeal-2026');
    await user.click(screen.getByRole('tab', { name: 'Amounts' }));
    await user.click(screen.getByRole('button', { name: 'Add once-off amount' }));
    await typeInto(user, screen.getByLabelText(/^Amount\W*$/), '12.50');
    await user.click(screen.getByRole('tab', { name: /^Monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Add monthly amount' }));
    await typeInto(user, screen.getByLabelText(/^Amount\W*$/), '1,000');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/campaign-edit/9'));
    const sent = fetchStub.callsTo('POST', '/npo_admin/campaigns')[0]?.body as Body;
    expect(sent.campaign_url).toBe('spring-appeal-2026');
    expect(sent.amounts.map((a) => [a.amount_minor, a.interval])).toEqual([
      [1250, 'once'],
      [100_000, 'monthly'],
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring appeal' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('saves a zero-decimal campaign in whole units and confirms with a toast', async () => {
    const saved = staffCampaign(4, {
      currency: 'JPY',
      currencies: ['JPY'],
      raised_currency: 'JPY',
      amounts: [{ id: 11, amount_minor: 1500, interval: 'once', description: 'Tea', image_url: null }],
    });
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns/4': { body: saved },
      'PUT /npo_admin/campaigns/4': { body: saved },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/4');
    await user.click(await screen.findByRole('tab', { name: 'Amounts' }));
    const amount = screen.getByLabelText(/^Amount\W*$/);
    expect(amount).toHaveValue('1500');
    await user.clear(amount);
    await typeInto(user, amount, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    const sent = fetchStub.callsTo('PUT', '/npo_admin/campaigns/4')[0]?.body as Body;
    expect(sent.amounts).toEqual([
      { id: 11, amount_minor: 2000, interval: 'once', description: 'Tea', image_url: null },
    ]);
  });

  it("puts the server's field errors next to the right fields, opening their section", async () => {
    let answer = 0;
    stubFetch({
      'GET /npo_admin/campaigns/5': {
        body: staffCampaign(5, {
          amounts: [{ id: 1, amount_minor: 500, interval: 'monthly', description: '', image_url: null }],
        }),
      },
      'PUT /npo_admin/campaigns/5': () =>
        ++answer === 1
          ? {
              status: 409,
              body: {
                status: 409,
                code: 'CONFLICT',
                message: CAMPAIGN_URL_MESSAGES.taken,
                fields: { campaign_url: CAMPAIGN_URL_MESSAGES.taken },
              },
            }
          : {
              status: 400,
              body: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'The amount is too large',
                fields: { 'amounts.0.amount_minor': 'The amount is too large' },
              },
            },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/5');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Campaign URL/)).toHaveAccessibleDescription(
        expect.stringContaining(CAMPAIGN_URL_MESSAGES.taken),
      ),
    );
    expect(screen.getByText('The campaign was not saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The preset is monthly: its section and its interval tab open by themselves.
    await waitFor(() =>
      expect(screen.getByLabelText(/^Amount\W*$/)).toHaveAccessibleDescription(
        expect.stringContaining('The amount is too large'),
      ),
    );
    expect(screen.getByRole('tab', { name: 'Amounts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses to activate a campaign with no amount and no free amount', async () => {
    stubFetch({ 'GET /npo_admin/campaigns/6': { body: staffCampaign(6, { status: 'active' }) } });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/6');
    await user.click(await screen.findByLabelText('Donors may enter their own amount'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const amounts = await screen.findByRole('tabpanel', { name: 'Amounts' });
    expect(within(amounts).getByRole('alert')).toHaveTextContent(CAMPAIGN_MESSAGES.amountOrUserAmount);
    expect(screen.getByRole('tab', { name: 'Amounts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reorders and removes list items by button, keeping the ids of what stays', async () => {
    const question = (id: number, content: string) => ({
      id,
      content,
      answer_type: 'Text' as const,
      options: [],
      response_required: false,
    });
    const saved = staffCampaign(12, {
      questions: [question(1, 'First?'), question(2, 'Second?')],
      designations: [
        { id: 5, name: 'Kitchen', description: '' },
        { id: 6, name: 'Pantry', description: '' },
      ],
    });
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns/12': { body: saved },
      'PUT /npo_admin/campaigns/12': { body: saved },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/12');
    await user.click(await screen.findByRole('tab', { name: 'Questions' }));
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    await user.click(screen.getByRole('tab', { name: 'Designations' }));
    await user.click(screen.getByRole('button', { name: 'Remove designation 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchStub.callsTo('PUT', '/npo_admin/campaigns/12')).toHaveLength(1));
    const sent = fetchStub.callsTo('PUT', '/npo_admin/campaigns/12')[0]?.body as Body;
    expect((sent.questions as Array<{ id: number; content: string }>).map((q) => [q.id, q.content])).toEqual([
      [2, 'Second?'],
      [1, 'First?'],
    ]);
    expect(sent.designations).toEqual([{ id: 6, name: 'Pantry', description: '' }]);
  });

  it('gives the exact embed snippet and the direct link', async () => {
    stubFetch({
      'GET /npo_admin/campaigns/7': {
        body: staffCampaign(7, { name: 'Gala "2026"', campaign_url: 'gala', status: 'active' }),
      },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/7');
    await user.click(await screen.findByRole('tab', { name: 'Embed' }));
    const origin = window.location.origin;
    expect(screen.getByTestId('embed-snippet').textContent).toBe(
      `<iframe src="${origin}/campaign-embed/7" title="Donate to Gala &quot;2026&quot;" data-kindling-embed style="width:100%;max-width:480px;border:0;" loading="lazy"></iframe>\n<script async src="${origin}/embed.js"></script>`,
    );
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${origin}/gala` })).toHaveAttribute('href', '/gala');
  });

  it('asks before leaving with unsaved changes', async () => {
    stubFetch({ 'GET /npo_admin/campaigns/8': { body: staffCampaign(8) } });
    const user = userEvent.setup();
    const { router } = render('/dashboard/campaign-edit/8');
    await typeInto(user, await screen.findByLabelText(/^Call to action/), 'Give now');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/dashboard/campaign-edit/8');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/campaigns'));
  });

  it('shows staff without write access the campaign read-only, without Save', async () => {
    stubFetch({ 'GET /npo_admin/campaigns/3': { body: staffCampaign(3, { name: 'Gala' }) } });
    render('/dashboard/campaign-edit/3', 1984);
    expect(await screen.findByLabelText(/^Campaign name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/only administrators can change it/)).toBeInTheDocument();
  });

  it("says 'Campaign not found' for another organisation's campaign", async () => {
    stubFetch({
      'GET /npo_admin/campaigns/99': {
        status: 404,
        body: { status: 404, code: 'NOT_FOUND', message: 'Campaign not found.' },
      },
    });
    render('/dashboard/campaign-edit/99');
    expect(await screen.findByText('Campaign not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('feeds the real form the unsaved draft as it is typed, in preview mode', async () => {
    stubFetch({
      'GET /npo_admin/campaigns/2': {
        body: staffCampaign(2, {
          amounts: [{ id: 1, amount_minor: 500, interval: 'once', description: '', image_url: null }],
        }),
      },
    });
    const user = userEvent.setup();
    render('/dashboard/campaign-edit/2');
    const region = await screen.findByRole('region', { name: 'Preview of the donation form' });
    expect(await within(region).findByTestId('form-preview')).toHaveTextContent(
      JSON.stringify({ name: 'Campaign 2', amounts: [500], preview: true }),
    );
    const name = screen.getByLabelText(/^Campaign name/);
    await user.clear(name);
    await typeInto(user, name, 'Winter coats');
    await user.click(screen.getByRole('tab', { name: 'Amounts' }));
    await user.clear(screen.getByLabelText(/^Amount\W*$/));
    await typeInto(user, screen.getByLabelText(/^Amount\W*$/), '50');
    await waitFor(() =>
      expect(within(region).getByTestId('form-preview')).toHaveTextContent(
        JSON.stringify({ name: 'Winter coats', amounts: [5000], preview: true }),
      ),
    );
  });
});
