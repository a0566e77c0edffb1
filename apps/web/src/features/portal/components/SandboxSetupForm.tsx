// The sandbox's card form for saving a card (no charge): the same test cards and confirm endpoint
// as the donation form's sandbox card form, in the app's own components.
import type { TPortalCardSetupResponse } from '@kindling/contracts';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../../app/api-client.ts';
import {
  type CardErrors,
  type CardInput,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  validateCard,
} from '../../../donate/payment/card-input.ts';

type Answer = {
  status: string;
  next_action: { type: string } | null;
  /** A declined card: the payer's message (a 200, as Stripe.js resolves a declined confirmation). */
  last_payment_error?: { code: string; message: string } | null;
};

export function SandboxSetupForm({
  setup,
  finish,
}: {
  setup: TPortalCardSetupResponse['setup'];
  finish: () => Promise<string | null>;
}) {
  const [card, setCard] = useState<CardInput>({ number: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  async function confirm(body: Record<string, unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api<Answer>('POST', `/sandbox/payments/${encodeURIComponent(setup.id)}/confirm`, {
        body: { client_secret: setup.client_secret, ...body },
      });
      if (answer.next_action?.type === 'sandbox_extra_confirmation') setAsking(true);
      else if (answer.status === 'succeeded') setFailure(await finish());
      else setFailure(answer.last_payment_error?.message ?? 'The card was not saved. Please try again.');
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.fields as Record<string, string> | undefined) : undefined;
      if (fields) setErrors({ number: fields.card_number, exp: fields.exp, cvc: fields.cvc });
      setFailure(error instanceof ApiError ? error.message : 'The card was not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const cardFields = () => ({ card_number: card.number.replace(/\s/g, ''), exp: card.exp, cvc: card.cvc });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void confirm(cardFields());
  };
  const set = (patch: Partial<CardInput>) => {
    setCard((c) => ({ ...c, ...patch }));
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New card">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          Sandbox test mode: no real card is saved. Use{' '}
          {SANDBOX_TEST_CARDS.map((c) => `${c.number} (${c.result})`).join(', ')} with any future date and any CVC.
        </Text>
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          error={errors.number}
          onChange={(e) => set({ number: formatCardNumber(e.currentTarget.value) })}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={card.exp}
            error={errors.exp}
            onChange={(e) => set({ exp: formatExpiry(e.currentTarget.value, card.exp) })}
          />
          <TextInput
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            error={errors.cvc}
            onChange={(e) => set({ cvc: formatCvc(e.currentTarget.value) })}
          />
        </SimpleGrid>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={busy}>
            Save card
          </Button>
        </Group>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Confirm this card">
        <Stack>
          <Text>Your bank asks you to confirm saving this card.</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setAsking(false);
                void confirm({ action_confirmed: false });
              }}
            >
              Cancel
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                // The card again with the bank's yes: the sandbox keeps its expiry with the saved
                // card (the card-expiring e-mail needs it), as Stripe's PaymentMethod does.
                void confirm({ ...cardFields(), action_confirmed: true });
              }}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
