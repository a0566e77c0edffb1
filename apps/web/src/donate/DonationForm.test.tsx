import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DonationForm } from './DonationForm.tsx';
import { testCampaign, WIZARD_QUESTIONS } from './test-campaign.ts';

const setup = (overrides: Parameters<typeof testCampaign>[0] = {}) => {
  const user = userEvent.setup();
  render(<DonationForm campaign={testCampaign(overrides)} preview />);
  return user;
};
const intervalGroup = () => screen.getByRole('group', { name: 'How often' });
const tile = (amount: string) => screen.getByRole('button', { name: new RegExp(`^\\${amount}`) });
const total = () => document.querySelector('.kd-summary strong')?.textContent;

describe('DonationForm step 1', () => {
  it('shows the call to action and only the configured interval tabs', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Fill a family’s shelves' })).toBeInTheDocument();
    const tabs = within(intervalGroup())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(tabs).toEqual(['Once-off', 'Monthly']);
    expect(within(intervalGroup()).getByRole('button', { name: 'Once-off' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides a call to action of a single space', () => {
    setup({ call_to_action: ' ' });
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('filters the tiles by interval, and changing the interval resets the amount', async () => {
    const user = setup();
    expect(screen.getAllByText('Once-off', { selector: '.kd-tile-interval' })).toHaveLength(2);
    await user.click(tile('$25'));
    expect(total()).toBe('$25.00');
    // The chosen tile stays as the selection; clicking it reopens the choice.
    expect(screen.queryByRole('button', { name: /^\$50/ })).toBeNull();
    // The chosen tile keeps the keyboard focus while the others fold away.
    expect(screen.getByRole('button', { name: /\$25 Once-off, selected\. Change amount/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /\$25 Once-off, selected\. Change amount/ }));
    expect(tile('$50')).toBeInTheDocument();
    expect(tile('$25')).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(intervalGroup()).getByRole('button', { name: 'Monthly' }));
    expect(total()).toBeUndefined();
    expect(tile('$10')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /^\$25/ })).toBeNull();

    await user.type(screen.getByLabelText('Or enter your own amount'), '12.50');
    expect(total()).toBe('$12.50 Monthly');
    await user.click(within(intervalGroup()).getByRole('button', { name: 'Once-off' }));
    expect(screen.getByLabelText('Or enter your own amount')).toHaveValue('');
    expect(total()).toBeUndefined();
  });

  it('adds and removes the 3.2 % fee cover', async () => {
    const user = setup();
    await user.click(tile('$25'));
    expect(screen.getByText(/Add \$0\.80 \(3\.2%\)/)).toBeInTheDocument();
    const fee = screen.getByRole('switch', { name: /Support Our Work/ });
    await user.click(fee);
    expect(total()).toBe('$25.80');
    await user.click(fee);
    expect(total()).toBe('$25.00');
  });

  it('rounds the fee cover to whole units in a zero-decimal currency', async () => {
    const user = setup({
      currency: 'JPY',
      currencies: ['JPY'],
      amounts: [{ id: 1, amount_minor: 1000, interval: 'once', description: '', image_url: null }],
      intervals: ['once'],
    });
    await user.click(tile('¥1,000'));
    await user.click(screen.getByRole('switch', { name: /Support Our Work/ }));
    expect(total()).toBe('¥1,032');
    await user.clear(screen.getByLabelText('Or enter your own amount'));
    await user.type(screen.getByLabelText('Or enter your own amount'), '1234');
    // 1234 × 3.2 % = 39.488 → 39 yen.
    expect(total()).toBe('¥1,273');
  });

  it('searches currencies and says when nothing matches or none is configured', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Currency: USD' }));
    const search = screen.getByRole('combobox', { name: 'Search currencies...' });
    await user.type(search, 'pound');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GBP British Pound']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Currency: GBP' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Currency: GBP' }));
    await user.type(screen.getByRole('combobox', { name: 'Search currencies...' }), 'zzz');
    expect(screen.getByText('No currencies match your search')).toBeInTheDocument();
  });

  it('closes the currency list when focus leaves it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Currency: USD' }));
    expect(screen.getByRole('listbox', { name: 'Currencies' })).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when a campaign has no currencies configured', async () => {
    const user = setup({ currencies: [] });
    await user.click(screen.getByRole('button', { name: /Currency:/ }));
    expect(screen.getByText('No currencies configured')).toBeInTheDocument();
  });

  it('opens the gift aid panel with the declaration', async () => {
    const user = setup({ currency: 'GBP', currencies: ['GBP'] });
    const toggle = screen.getByRole('button', { name: 'Gift aid preferences' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('checkbox', { name: /I am a UK taxpayer/ })).toBeEnabled();
  });

  it('shows the designation chosen, and Clear removes it', async () => {
    const user = setup();
    expect(screen.getByRole('group', { name: 'Where should your gift go?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Family hampers/ }));
    expect(screen.getByText('Supporting: Family hampers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/Supporting:/)).toBeNull();
  });
});

describe('donor wall and questions', () => {
  it('keeps the donor wall options disabled while the wall is off and clears them when it is turned off', async () => {
    const user = setup({ questions: WIZARD_QUESTIONS });
    const wall = screen.getByRole('switch', { name: 'Add Me to Donor Wall' });
    const firstName = screen.getByRole('switch', { name: 'Show only my first name' });
    const amount = screen.getByRole('switch', { name: 'Display my donation amount' });
    expect(firstName).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Share my comment publicly' })).toBeDisabled();
    await user.click(wall);
    expect(firstName).toBeEnabled();
    await user.click(firstName);
    await user.click(amount);
    expect(firstName).toBeChecked();
    await user.click(wall);
    expect(firstName).not.toBeChecked();
    expect(amount).not.toBeChecked();
    expect(firstName).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Create Donor Account/ })).toHaveAccessibleDescription(
      'Easy management and tracking of your donations',
    );
  });

  it('shows no message box or donor options without questions', () => {
    setup();
    expect(screen.queryByLabelText(/Your Message/)).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Add Me to Donor Wall' })).toBeNull();
  });

  it('walks the question wizard one question at a time', async () => {
    const user = setup({ questions: WIZARD_QUESTIONS });
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Questions answered' })).toHaveAttribute('aria-valuenow', '1');
    const dropdown = screen.getByRole('combobox', { name: /How did you hear about us/ });
    expect(within(dropdown).getByRole('option', { name: 'Select an option' })).toBeInTheDocument();
    // Choosing an option advances.
    await user.selectOptions(dropdown, 'Radio');
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    // A required checkbox question blocks Continue until something is ticked.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please answer the question before moving to the next question',
    );
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Food' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    // The last question has no Continue: it does not advance further.
    await user.type(screen.getByPlaceholderText('Type your answer here...'), 'Keep going');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
  });

  it('offers Continue to Payment only with an amount and every required answer', async () => {
    const user = setup({ questions: WIZARD_QUESTIONS });
    const cta = () => screen.queryByRole('button', { name: 'Continue to Payment' });
    expect(cta()).toBeNull();
    await user.click(tile('$25'));
    expect(cta()).toBeNull();
    expect(screen.getByText('Answer the required questions above to continue.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /How did you hear/ }), 'Friend');
    await user.click(screen.getByRole('checkbox', { name: 'Housing' }));
    expect(cta()).toBeInTheDocument();
    await user.click(cta() as HTMLElement);
    // conv15: the monthly upsell comes first; declining keeps the one-off gift.
    await user.click(await screen.findByRole('button', { name: 'No, give $25.00 once' }));
    // Step 1 is now complete: its circle shows a check and takes the donor back.
    await user.click(screen.getByRole('button', { name: 'Back to step 1: Amount' }));
    expect(cta()).toBeVisible();
  });

  it('shows an error for an amount with too many decimals and no Continue', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Or enter your own amount'), '12.345');
    expect(screen.getByText('USD amounts have at most 2 decimals')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });
});

describe('settings', () => {
  it('puts form settings on the root as CSS variables and the custom CSS inside the form', () => {
    const { container } = render(
      <DonationForm
        campaign={testCampaign({
          campaign_settings: { theme_color: '#ff0000', button_layout: 'two-column' },
          custom_css: '.kindling-donation-form .kd-tile{color:red}',
        })}
        preview
      />,
    );
    const root = container.querySelector('.kindling-donation-form') as HTMLElement;
    expect(root.style.getPropertyValue('--form-theme-color')).toBe('#ff0000');
    expect(root.style.getPropertyValue('--form-form-max-width')).toBe('480px');
    expect(root).toHaveClass('kd-layout-two-column');
    expect(root.querySelector('style')?.textContent).toBe('.kindling-donation-form .kd-tile{color:red}');
    expect(screen.getByRole('link', { name: 'Powered by Kindling' })).toBeInTheDocument();
  });
});
