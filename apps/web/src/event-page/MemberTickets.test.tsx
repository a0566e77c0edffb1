// The member field on the public event page (docs/product/events.md#member-tickets): member prices and
// members-only tickets are shown with each type, the buyer gives the member number and e-mail only when
// a chosen ticket is for members, the total shows the member price, the order carries the membership
// (never a price for a fixed ticket), and the server's refusal shows on the member number.
import type { TPublicEvent, TTicketOrderRequest } from '@kindling/contracts/events.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GALA_EVENT } from './gala.test-fixture.ts';
import { TicketForm } from './TicketForm.tsx';

const type = (id: number, name: string, extra: Partial<TPublicEvent['ticket_types'][number]>) => ({
  id,
  name,
  description: '',
  pricing: 'fixed' as const,
  price_minor: 15000,
  fair_market_value_minor: 6000,
  attendees_per_ticket: 1,
  per_order_limit: 4,
  remaining: 50,
  on_sale: true,
  ...extra,
});

const event: TPublicEvent = {
  ...GALA_EVENT,
  venue_name: '',
  venue_address: '',
  organiser_name: '',
  organiser_email: '',
  ticket_types: [
    type(11, 'General admission', {}),
    type(12, 'Member ticket', { member_price_minor: 11000, members_only: false, member_tiers: [] }),
    type(13, 'Members’ preview', {
      price_minor: 2500,
      members_only: true,
      member_price_minor: null,
      member_tiers: ['Individual', 'Household'],
    }),
  ],
  questions: [],
};

// Typing is character by character: generous timeouts for a loaded machine.
const SLOW = 60_000;

function setUp(failure: { message: string; fields: Record<string, string> } | null = null) {
  const onSubmit = vi.fn<(order: TTicketOrderRequest) => void>();
  const user = userEvent.setup();
  render(<TicketForm event={event} busy={false} failure={failure} onSubmit={onSubmit} />);
  return { onSubmit, user };
}

async function fillBuyer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ben');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Castillo');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ben@example.org');
}

describe('member tickets on the event page', () => {
  it('shows member prices and members-only tickets, and asks for a membership only for them', async () => {
    const { user } = setUp();
    expect(screen.getByText(/Members pay \$110\.00/)).toBeInTheDocument();
    expect(screen.getByText(/Members only \(Individual and Household members\)/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('General admission'), '1');
    expect(screen.queryByRole('group', { name: 'Your membership' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Member ticket'), '1');
    expect(screen.getByRole('group', { name: 'Your membership' })).toBeInTheDocument();
    expect(screen.getByText(/Order total:/)).toHaveTextContent('$300.00');
  });

  it(
    'refuses a members-only ticket without a member number, before asking the server',
    async () => {
      const { onSubmit, user } = setUp();
      await user.selectOptions(screen.getByLabelText('Members’ preview'), '1');
      await fillBuyer(user);
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(onSubmit).not.toHaveBeenCalled();
      const number = screen.getByRole('textbox', { name: 'Member number' });
      expect(number).toHaveAttribute('aria-invalid', 'true');
      expect(number).toHaveAccessibleDescription(
        'Members’ preview tickets are for members: enter your member number and e-mail.',
      );
    },
    SLOW,
  );

  it(
    'shows the member price in the total and sends the membership, not the price',
    async () => {
      const { onSubmit, user } = setUp();
      await user.selectOptions(screen.getByLabelText('Member ticket'), '2');
      await fillBuyer(user);
      await user.type(screen.getByRole('textbox', { name: 'Member number' }), 'M-000026');
      await user.type(screen.getByRole('textbox', { name: 'Member e-mail' }), 'ben.castillo.25@members.example.org');
      expect(screen.getByText(/Order total:/)).toHaveTextContent('$220.00 with member prices');
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      const sent = onSubmit.mock.calls[0]?.[0];
      expect(sent?.lines).toEqual([{ ticket_type_id: 12, quantity: 2 }]);
      expect(sent?.member).toEqual({ number: 'M-000026', email: 'ben.castillo.25@members.example.org' });
    },
    SLOW,
  );

  it(
    'shows the server’s refusal on the member number',
    async () => {
      const message = 'We could not find a membership with this member number and e-mail.';
      const { user } = setUp({ message, fields: { 'member.number': message } });
      await user.selectOptions(screen.getByLabelText('Member ticket'), '1');
      const number = screen.getByRole('textbox', { name: 'Member number' });
      expect(number).toHaveAttribute('aria-invalid', 'true');
      expect(number).toHaveAccessibleDescription(message);
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    },
    SLOW,
  );
});
