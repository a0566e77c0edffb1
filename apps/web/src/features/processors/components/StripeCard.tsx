import { type TCardProcessor, ZStripeAccountId } from '@kindling/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, ExternalLink, Unplug } from 'lucide-react';
import { useState } from 'react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { processorApi } from '../api/processors.queries.ts';
import { leaveTo } from '../leave.ts';
import { toast } from '../toast.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { ProcessorCard } from './ProcessorCard.tsx';
import { cardStatus } from './processor-status.ts';
import { useProcessorChange } from './use-processor-change.ts';

const fieldError = (value: string) => {
  const parsed = ZStripeAccountId.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a Stripe account id');
};

/** 'Card payments (Stripe)': connect through Stripe's consent page or by account id, or disconnect. */
export function StripeCard({ card }: { card: TCardProcessor }) {
  return (
    <ProcessorCard title="Card payments (Stripe)" icon={<CreditCard size={22} aria-hidden />} status={cardStatus(card)}>
      {card.connected_account_id ? <ConnectedAccount card={card} /> : <ConnectOptions card={card} />}
    </ProcessorCard>
  );
}

function ConnectedAccount({ card }: { card: TCardProcessor }) {
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useProcessorChange(processorApi.disconnectStripe, 'Stripe is disconnected.');
  const close = () => {
    disconnect.reset();
    setConfirming(false);
  };
  const since = card.connected_at ? format.date(card.connected_at) : null;
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500}>
          Connected account
        </Text>
        <Text ff="monospace" size="sm">
          {card.connected_account_id}
        </Text>
        {since ? (
          <Text size="xs" c="dimmed">
            Connected on {since}
          </Text>
        ) : null}
      </div>
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<Unplug size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Disconnect
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Disconnect Stripe?"
        body={
          card.provider === 'sandbox'
            ? 'The account is removed from this organisation. The sandbox keeps taking test cards.'
            : 'The donation form stops showing the card tab until another Stripe account is connected. Payments already made stay in the Stripe account.'
        }
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        error={disconnect.error?.message ?? null}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={close}
      />
    </Stack>
  );
}

function ConnectOptions({ card }: { card: TCardProcessor }) {
  const [showIdForm, setShowIdForm] = useState(false);
  const start = useMutation({
    mutationFn: processorApi.startStripeConnect,
    onSuccess: ({ url }) => leaveTo(url),
    onError: (error) => toast('red', error.message, 'Stripe could not be opened'),
  });
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending || start.isSuccess}
          disabled={!card.can_connect_oauth}
          rightSection={<ExternalLink size={16} aria-hidden />}
        >
          Connect with Stripe
        </Button>
        <Button
          variant="subtle"
          onClick={() => setShowIdForm((v) => !v)}
          aria-expanded={showIdForm}
          aria-controls="stripe-account-id-form"
        >
          Use an existing account id
        </Button>
      </Group>
      {card.can_connect_oauth ? null : (
        <Text size="xs" c="dimmed">
          Connect with Stripe needs the platform’s Stripe client id. You can still enter an existing account id.
        </Text>
      )}
      {/* Rendered only when asked for: its height changes with error messages, which a Collapse would clip. */}
      <div id="stripe-account-id-form" hidden={!showIdForm}>
        {showIdForm ? <AccountIdForm /> : null}
      </div>
    </Stack>
  );
}

function AccountIdForm() {
  const form = useForm({ initialValues: { account_id: '' }, validate: { account_id: fieldError } });
  const connect = useProcessorChange(processorApi.connectStripeAccount, 'Stripe account connected.');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        connect.mutate(values, {
          onError: (err) => {
            const described = describeFormError(err, 'The account could not be connected. Please try again.');
            form.setErrors(described.fields);
            setError(described.message);
          },
        });
      })}
    >
      <Stack gap="xs" pt="xs">
        <TextInput
          label="Stripe account id"
          description="Found in the Stripe Dashboard under Settings → Account details; it starts with acct_."
          placeholder="e.g. acct_1A2b3C4d5E6f7G8h"
          autoComplete="off"
          spellCheck={false}
          required
          {...form.getInputProps('account_id')}
          error={form.errors.account_id ?? error}
        />
        <Group>
          <Button type="submit" variant="light" loading={connect.isPending}>
            Connect account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
