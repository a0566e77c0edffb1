// A new card for a plan (and, if the donor ticks the box, for all their plans): a card setup is
// started on our server, confirmed in the browser (the sandbox's card form, or Stripe's Payment
// Element with confirmSetup for a connected Stripe account), then applied by our server.
import type { TPortalCardSetupResponse, TPortalPlan } from '@kindling/contracts';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePlanChanged } from '../api/portal.queries.ts';
import { type PortalSource, portalApi } from '../api/portal-api.ts';
import { errorText } from './PortalBits.tsx';
import { SandboxSetupForm } from './SandboxSetupForm.tsx';
import { type StripeKeys, StripeSetupForm } from './StripeSetupForm.tsx';

type Setup = TPortalCardSetupResponse['setup'];

export function CardChange({
  source,
  plan,
  provider,
  stripe,
  startOpen = false,
}: {
  source: PortalSource;
  plan: TPortalPlan;
  provider: 'sandbox' | 'stripe' | null;
  stripe?: StripeKeys | null;
  startOpen?: boolean;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [applyToAll, setApplyToAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const changed = usePlanChanged(source);
  const [autoOpened, setAutoOpened] = useState(false);

  async function start() {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      setSetup((await portalApi(source).startCardSetup(plan.id)).setup);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }
  if (startOpen && !autoOpened && provider) {
    setAutoOpened(true);
    void start();
  }

  /** The browser confirmed the card: our server checks it with the provider and applies it. */
  async function finish(): Promise<string | null> {
    if (!setup) return null;
    try {
      const { plans } = await portalApi(source).completeCardSetup({
        setup_id: setup.id,
        plan_id: plan.id,
        apply_to_all: applyToAll,
      });
      setSetup(null);
      setDone(
        plans.length > 1 ? `The new card is used for ${plans.length} recurring donations.` : 'The new card is saved.',
      );
      await changed(plans);
      return null;
    } catch (error) {
      return errorText(error);
    }
  }

  if (!provider) {
    return (
      <Text size="sm" c="dimmed">
        {plan.payment_method_label ?? 'No payment method saved.'} A new card cannot be added here; please contact the
        organisation.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        {plan.payment_method_label ? `Charged to: ${plan.payment_method_label}.` : 'No payment method is saved.'}
        {plan.status === 'past_due' ? ' The last charge failed: a new card is charged again right away.' : ''}
      </Text>
      {done ? (
        <Text role="status" size="sm" fw={500}>
          {done}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      {setup ? (
        <Stack gap="sm">
          <Checkbox
            label="Use this card for all my recurring donations"
            checked={applyToAll}
            onChange={(e) => setApplyToAll(e.currentTarget.checked)}
          />
          {setup.provider === 'sandbox' ? (
            <SandboxSetupForm setup={setup} finish={finish} />
          ) : stripe ? (
            <StripeSetupForm setup={setup} keys={stripe} finish={finish} />
          ) : null}
          <Group>
            <Button variant="subtle" onClick={() => setSetup(null)}>
              Keep the current card
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button variant="light" loading={busy} onClick={start}>
            Use a new card
          </Button>
        </Group>
      )}
    </Stack>
  );
}
