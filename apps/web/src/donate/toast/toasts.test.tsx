// The public form's toasts (docs/product/donation-form.md#messages): a confirmation shows in the
// polite live region and closes after 5 s, or at once with its button.
import { DONATION_CONSTANTS } from '@kindling/contracts/donation-constants.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { DonationForm } from '../DonationForm.tsx';
import { testCampaign } from '../test-campaign.ts';
import { showToast, Toasts } from './toasts.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const region = () => document.querySelector('.kd-toasts') as HTMLElement;

describe('toasts on the public form', () => {
  it('confirms a reminder in a toast that closes after 5 seconds', async () => {
    stubFetch({ 'POST /npo_admin/remind_me': { status: 201, body: { due_at: '2026-01-02' } } });
    const user = userEvent.setup();
    render(<DonationForm campaign={testCampaign()} />);
    await user.click(screen.getByRole('button', { name: 'Not ready yet? Remind me later' }));
    await user.type(await screen.findByLabelText('Your email'), 'later@example.org');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Remind me' }));
    await waitFor(() => expect(region()).toHaveTextContent('Thank you. We will e-mail you once, tomorrow.'));
    expect(region()).toHaveAttribute('role', 'status');
    await act(async () => vi.advanceTimersByTime(DONATION_CONSTANTS.toastMs - 100));
    expect(region()).toHaveTextContent('We will e-mail you once');
    await act(async () => vi.advanceTimersByTime(200));
    expect(region()).toBeEmptyDOMElement();
  });

  it('closes a toast with its button', () => {
    render(<Toasts />);
    act(() => showToast('Link copied'));
    expect(region()).toHaveTextContent('Link copied');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(region()).toBeEmptyDOMElement();
  });
});
