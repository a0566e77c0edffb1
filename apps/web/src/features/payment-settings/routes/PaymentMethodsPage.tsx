import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import classes from '../../../shared/readable.module.css';
import { paymentSettingsQueries } from '../api/payment-settings.queries.ts';
import { CampaignOverrides } from '../components/CampaignOverrides.tsx';
import { LoadError, LoadingPanel } from '../components/LoadState.tsx';
import { OrganisationMethods } from '../components/OrganisationMethods.tsx';

const ENTRY = pageEntry('/stripe-methods') ?? {
  title: 'Payment methods',
  section: 'Settings',
  description: '',
  emptyTitle: '',
};

/** /stripe-methods: which methods donors see, per organisation and per campaign (docs/product/payments.md#payment-methods). */
export function PaymentMethodsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const methods = useQuery(paymentSettingsQueries.methods(npoId));
  return (
    <div className={classes.readable}>
      <PageFrame entry={ENTRY}>
        {methods.isPending ? <LoadingPanel label="Loading payment methods" /> : null}
        {methods.isError ? (
          <LoadError
            title="Payment methods could not be loaded"
            error={methods.error}
            retry={() => methods.refetch()}
            busy={methods.isFetching}
          />
        ) : null}
        {methods.data ? (
          <Stack gap="lg">
            <OrganisationMethods data={methods.data} />
            <CampaignOverrides data={methods.data} />
          </Stack>
        ) : null}
      </PageFrame>
    </div>
  );
}
