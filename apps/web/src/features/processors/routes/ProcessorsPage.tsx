import { stripeConnectErrorMessage, type TProcessorsResponse } from '@kindling/contracts';
import { Alert, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan, useSession } from '../../../session/index.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import classes from '../../../shared/readable.module.css';
import { processorQueries } from '../api/processors.queries.ts';
import { PayPalCard } from '../components/PayPalCard.tsx';
import { StripeCard } from '../components/StripeCard.tsx';
import { WalletDomainsCard } from '../components/WalletDomainsCard.tsx';
import { toast } from '../toast.ts';

const ENTRY = pageEntry('/admin/processors') ?? {
  title: 'Payment processors',
  section: 'Settings',
  description: '',
  emptyTitle: '',
};

/**
 * The return from Stripe's consent page lands here with ?connected=stripe or ?error=<code>: said
 * once as a toast (the error also stays on the page), then taken out of the address.
 */
function useConnectReturn(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [returnError, setReturnError] = useState<string | null>(null);
  const handled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on arrival
  useEffect(() => {
    if (handled.current) return;
    const connected = params.get('connected');
    const error = stripeConnectErrorMessage(params.get('error'));
    if (!connected && !error) return;
    handled.current = true;
    if (connected === 'stripe') toast('green', 'Stripe is connected.');
    if (error) {
      toast('red', error, 'Stripe was not connected');
      setReturnError(error);
    }
    const next = new URLSearchParams(params);
    next.delete('connected');
    next.delete('error');
    setParams(next, { replace: true });
  }, []);
  return [returnError, () => setReturnError(null)];
}

function SandboxNotice() {
  return (
    <Alert color="orange" variant="light" icon={<FlaskConical size={18} aria-hidden />} title="Sandbox mode">
      This installation has no payment provider keys, so Kindling’s built-in sandbox takes every donation: test cards
      and a test PayPal page. Nothing here moves real money. You can still connect accounts; they are used once the
      provider keys are configured.
    </Alert>
  );
}

function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading payment processors">
      {[0, 1].map((i) => (
        <Paper key={i} withBorder radius="md" p="lg">
          <Skeleton height={22} width="60%" mb="md" />
          <Skeleton height={12} mb={8} />
          <Skeleton height={12} width="80%" mb="lg" />
          <Skeleton height={36} width={160} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Cards({ settings }: { settings: TProcessorsResponse }) {
  // Connecting and disconnecting need settings.payments (docs/product/team.md#permissions); a
  // disabled fieldset turns every control on the cards off at once.
  const canChange = useCan('settings.payments');
  return (
    <Stack gap="lg">
      {settings.mode === 'sandbox' ? <SandboxNotice /> : null}
      {canChange ? null : (
        <Alert color="gray" variant="light" title="View only">
          Changing the payment processors needs the Payment settings permission. An administrator can grant it on the
          Team page.
        </Alert>
      )}
      <fieldset disabled={!canChange} className={classes.plainFieldset}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <StripeCard card={settings.card} />
          <PayPalCard wallet={settings.wallet} />
          {/* wallet15: Apple Pay / Google Pay domains on the connected account (decision 038). */}
          {settings.card.provider && <WalletDomainsCard />}
        </SimpleGrid>
      </fieldset>
    </Stack>
  );
}

/** /admin/processors: the selected organisation's Stripe and PayPal connections, and which is live. */
export function ProcessorsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const settings = useQuery(processorQueries.settings(npoId));
  const [returnError, dismissReturnError] = useConnectReturn();
  return (
    <div className={classes.readable}>
      <PageFrame entry={ENTRY}>
        {returnError ? (
          <Alert
            color="red"
            role="alert"
            title="Stripe was not connected"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismissReturnError}
          >
            {returnError}
          </Alert>
        ) : null}
        {settings.isPending ? <LoadingCards /> : null}
        {settings.isError ? (
          <LoadError
            title="Payment processors could not be loaded"
            message={settings.error.message}
            retrying={settings.isFetching}
            onRetry={() => settings.refetch()}
          />
        ) : null}
        {settings.data ? <Cards settings={settings.data} /> : null}
      </PageFrame>
    </div>
  );
}
