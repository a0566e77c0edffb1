// The event's questions on the public page (docs/product/events.md#public-page): asked once per ticket,
// each kind as its own labelled control, sent as each attendee's answers, and a server's complaint
// shown on the question it is about.
import type { TPublicEvent, TTicketOrderRequest } from '@kindling/contracts/events.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GALA_EVENT } from './gala.test-fixture.ts';
import { TicketForm } from './TicketForm.tsx';

const event: TPublicEvent = {
  ...GALA_EVENT,
  questions: [
    {
      id: 1,
      content: 'Meal choice',
      answer_type: 'dropdown',
      options: ['Roast chicken', 'Harvest bowl (vegan)'],
      response_required: true,
    },
    { id: 2, content: 'Allergies or dietary needs', answer_type: 'Text', options: [], response_required: false },
    { id: 3, content: 'Join the auction?', answer_type: 'Radio', options: ['Yes', 'No'], response_required: false },
    {
      id: 4,
      content: 'Help on the night',
      answer_type: 'Checkbox',
      options: ['Set-up', 'Clear-up'],
      response_required: false,
    },
  ],
};

async function twoTickets(failure: { message: string; fields: Record<string, string> } | null = null) {
  const onSubmit = vi.fn<(order: TTicketOrderRequest) => void>();
  const user = userEvent.setup();
  const view = render(<TicketForm event={event} busy={false} failure={failure} onSubmit={onSubmit} />);
  await user.selectOptions(screen.getByLabelText('General admission'), '2');
  const attendees = screen.getAllByRole('group', { name: /^General admission \d/ });
  return { onSubmit, user, view, attendees };
}

// Typing is character by character: generous timeouts for a loaded machine.
const SLOW = 60_000;

describe('the event’s questions on the public page', () => {
  it(
    'asks every attendee each question with its own labelled control, optional ones marked',
    async () => {
      const { attendees } = await twoTickets();
      expect(attendees).toHaveLength(2);
      for (const attendee of attendees) {
        const scope = within(attendee);
        expect(scope.getByRole('combobox', { name: 'Meal choice' })).toBeInTheDocument();
        expect(scope.getByRole('textbox', { name: 'Allergies or dietary needs (optional)' })).toBeInTheDocument();
        const auction = scope.getByRole('group', { name: 'Join the auction? (optional)' });
        expect(
          within(auction)
            .getAllByRole('radio')
            .map((r) => r.closest('label')?.textContent?.trim()),
        ).toEqual(['Yes', 'No']);
        expect(
          within(scope.getByRole('group', { name: 'Help on the night (optional)' })).getAllByRole('checkbox'),
        ).toHaveLength(2);
      }
    },
    SLOW,
  );

  it(
    'sends each attendee’s own answers with the order',
    async () => {
      const { onSubmit, user, attendees } = await twoTickets();
      const [first, second] = attendees.map((a) => within(a));
      await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ezra');
      await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Eventgoer');
      await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ezra@example.org');
      await user.selectOptions(first?.getByRole('combobox', { name: 'Meal choice' }) as HTMLElement, 'Roast chicken');
      await user.click(first?.getByRole('radio', { name: 'Yes' }) as HTMLElement);
      await user.type(second?.getByRole('textbox', { name: 'Attendee name' }) as HTMLElement, 'Guest of Ezra');
      await user.type(second?.getByRole('textbox', { name: 'Attendee e-mail' }) as HTMLElement, 'guest@example.org');
      await user.selectOptions(
        second?.getByRole('combobox', { name: 'Meal choice' }) as HTMLElement,
        'Harvest bowl (vegan)',
      );
      await user.type(second?.getByRole('textbox', { name: /^Allergies/ }) as HTMLElement, 'Sesame');
      await user.click(second?.getByRole('checkbox', { name: 'Set-up' }) as HTMLElement);
      await user.click(second?.getByRole('checkbox', { name: 'Clear-up' }) as HTMLElement);
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]?.[0].attendees).toEqual([
        { name: 'Ezra Eventgoer', email: 'ezra@example.org', answers: { 1: 'Roast chicken', 3: 'Yes' } },
        {
          name: 'Guest of Ezra',
          email: 'guest@example.org',
          answers: { 1: 'Harvest bowl (vegan)', 2: 'Sesame', 4: ['Set-up', 'Clear-up'] },
        },
      ]);
    },
    SLOW,
  );

  it(
    'shows the server’s message on the question and attendee it is about',
    async () => {
      const fields = { 'attendees.1.answers.1': 'Answer this question.' };
      const { attendees } = await twoTickets({ message: 'Please check the highlighted fields.', fields });
      const [first, second] = attendees.map((a) => within(a));
      expect(first?.getByRole('combobox', { name: 'Meal choice' })).not.toHaveAttribute('aria-invalid');
      const meal = second?.getByRole('combobox', { name: 'Meal choice' });
      expect(meal).toHaveAttribute('aria-invalid', 'true');
      expect(meal).toHaveAccessibleDescription('Answer this question.');
      expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    },
    SLOW,
  );
});
