// A new card for a plan (and, if the donor ticks the box, for all their plans): a card setup is
// started on our server, confirmed in the browser (the sandbox's card form, or Stripe's Payment
// Element with confirmSetup for a connected Stripe account), then applied by our server. A bank's
// 3-D Secure page sends the donor away and back: the return finishes the change.
import type { TPortalCardSetupResponse, TPortalPlan } from '@kindling/contracts';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardExpiryBadge } from '../../recurring/index.ts';
import { usePlanChanged } from '../api/portal.queries.ts';
import { type PortalSource, portalApi } from '../api/portal-api.ts';
import { errorText } from './PortalBits.tsx';
import { SandboxSetupForm } from './SandboxSetupForm.tsx';
import { type StripeKeys, StripeSetupForm } from './StripeSetupForm.tsx';

type Setup = TPortalCardSetupResponse['setup'];

/** What Stripe adds to the return address after a bank's 3-D Secure page, and what we added. */
const RETURN_PARAMS = ['setup_intent', 'setup_intent_client_secret', 'redirect_status', 'card_plan', 'apply_all'];

/** The address Stripe sends the donor back to after the bank's page: this one, saying what to finish. */
function returnUrlFor(planId: number, applyToAll: boolean): string {
  const url = new URL(window.location.href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('card_plan', String(planId));
  url.searchParams.set('apply_all', applyToAll ? '1' : '0');
  return url.toString();
}

/**
 * Back from the bank's 3-D Secure page (Stripe redirected with ?setup_intent=…): the change is
 * finished once, here, instead of showing the form again; the parameters leave the address so a
 * reload asks nothing (the server applies a card once anyway).
 */
function useReturnFromBank(planId: number, complete: (setupId: string, applyToAll: boolean) => Promise<void>) {
  const [search, setSearch] = useSearchParams();
  const setupId = search.get('setup_intent');
  const forPlan = search.get('card_plan');
  const returning = Boolean(setupId) && (forPlan === null || forPlan === String(planId));
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!returning || !setupId || handled.current === setupId) return;
    handled.current = setupId;
    const applyToAll = search.get('apply_all') === '1';
    void complete(setupId, applyToAll).finally(() =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    );
  }, [returning, setupId, search, setSearch, complete]);
  return returning;
}

/** The card the plan is charged to now, and a nudge when it expires soon or has expired. */
function CurrentCard({ plan, replaced }: { plan: TPortalPlan; replaced: boolean }) {
  const soon = plan.card?.expiry === 'expiring' || plan.card?.expiry === 'expired';
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          {plan.payment_method_label ? `Charged to: ${plan.payment_method_label}.` : 'No payment method is saved.'}
          {plan.status === 'past_due' ? ' The last charge failed: a new card is charged again right away.' : ''}
        </Text>
        {plan.card ? <CardExpiryBadge card={plan.card} /> : null}
      </Group>
      {soon && !replaced ? (
        <Text size="sm">Add the new card your bank sent you so the next donation goes through.</Text>
      ) : null}
    </>
  );
}

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
  const [finishing, setFinishing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const changed = usePlanChanged(source);
  const [autoOpened, setAutoOpened] = useState(false);

  /** Our server checks the confirmed setup with the provider and applies the card; a message if not. */
  const complete = useCallback(
    async (setupId: string, toAll: boolean): Promise<string | null> => {
      try {
        const { plans } = await portalApi(source).completeCardSetup({
          setup_id: setupId,
          plan_id: plan.id,
          apply_to_all: toAll,
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
    },
    [source, plan.id, changed],
  );
  const finishReturn = useCallback(
    async (setupId: string, toAll: boolean) => {
      setFinishing(true);
      setFailure(await complete(setupId, toAll));
      setFinishing(false);
    },
    [complete],
  );
  const returning = useReturnFromBank(plan.id, finishReturn);

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
  // Opened from the e-mail's "update your card" link; not when the donor is back from the bank.
  if (startOpen && !autoOpened && provider) {
    setAutoOpened(true);
    if (!returning) void start();
  }

  /** The browser confirmed the card without leaving the page. */
  const finish = () => (setup ? complete(setup.id, applyToAll) : Promise.resolve(null));

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
      <CurrentCard plan={plan} replaced={done !== null} />
      {finishing ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Finishing your new card…</Text>
        </Group>
      ) : null}
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
            <StripeSetupForm
              setup={setup}
              keys={stripe}
              finish={finish}
              returnUrl={() => returnUrlFor(plan.id, applyToAll)}
            />
          ) : null}
          <Group>
            <Button variant="subtle" onClick={() => setSetup(null)}>
              Keep the current card
            </Button>
          </Group>
        </Stack>
      ) : finishing ? null : (
        <Group>
          <Button variant="light" loading={busy} onClick={start}>
            Use a new card
          </Button>
        </Group>
      )}
    </Stack>
  );
}
