// The editor's 'Limits and other currencies' (decision 035): what staff see each offered currency
// get, in the organisation's locale, and the largest gift the editor sends.
import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub.ts';
import { signedInSessionIn } from '../../../../test/fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { type CampaignDraft, draftOf } from '../../editor/campaign-draft.ts';
import { draftToInput, validateDraft } from '../../editor/draft-input.ts';
import { staffCampaign } from '../../editor-test-support.ts';
import type { SavedCampaign } from './CampaignEditor.tsx';
import { CurrencyLimits } from './CurrencyLimits.tsx';

const saved: SavedCampaign = {
  ...staffCampaign(7, {
    currency: 'EUR',
    currencies: ['EUR', 'JPY', 'GBP'],
    amounts: [
      { id: 1, amount_minor: 2500, interval: 'once', description: '', image_url: null },
      { id: 2, amount_minor: 5000, interval: 'once', description: '', image_url: null },
    ],
  }).campaign,
  currency_amounts: {
    JPY: [
      { id: 1, amount_minor: 4000 },
      { id: 2, amount_minor: 8000 },
    ],
  },
  amount_limits: {
    EUR: { min_minor: 50, max_minor: 99_999_999 },
    JPY: { min_minor: 50, max_minor: 99_999_999 },
    GBP: { min_minor: 30, max_minor: 99_999_999 },
  },
} as SavedCampaign;

/** The editor's own form around the section, and what its Save would send. */
function Harness({ campaign, onSend }: { campaign: SavedCampaign | null; onSend: (input: unknown) => void }) {
  const form = useForm<CampaignDraft>({
    initialValues: draftOf(campaign ?? saved),
    validate: (values) => validateDraft(values, 'EUR'),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSend(draftToInput(values, 'EUR').input))}>
      <CurrencyLimits form={form} campaignId={7} baseCurrency="EUR" saved={campaign} />
      <button type="submit">Save</button>
    </form>
  );
}

const render = (campaign: SavedCampaign | null, onSend = vi.fn()) => {
  stubFetch({});
  renderRoutes([{ path: '/x', element: <Harness campaign={campaign} onSend={onSend} /> }], {
    initialEntries: ['/x'],
    session: signedInSessionIn(5150, 'de-DE', 'Europe/Berlin'),
  });
  return onSend;
};

describe('limits and other currencies in the campaign editor', () => {
  it('shows each other currency’s presets and limits in the organisation’s locale, and says when there is no rate', () => {
    render(saved);
    const rows = within(screen.getByRole('table', { name: 'What each currency gets' })).getAllByRole('row');
    const cells = rows.slice(1).map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    );
    expect(cells).toEqual([
      ['JPY', '4.000 ¥, 8.000 ¥', '50 ¥ – 99.999.999 ¥'],
      ['GBP', 'No exchange rate: the same figures as the default currency', '0,30 £ – 999.999,99 £'],
    ]);
  });

  it('asks to save first when the campaign is new', () => {
    render(null);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/save the campaign to see them here/)).toBeInTheDocument();
  });

  it('sends the largest gift in minor units of the default currency, and refuses one it cannot read', async () => {
    const user = userEvent.setup();
    const onSend = render(saved);
    const field = screen.getByLabelText('Largest gift');
    expect(
      screen.getByText("Optional, in EUR. Without it, the payment providers' own limits apply."),
    ).toBeInTheDocument();
    await user.type(field, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '2500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]?.[0]).toMatchObject({ max_amount_minor: 250_000 });
  });
});
