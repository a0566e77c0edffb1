import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import classes from '../../../shared/readable.module.css';
import { paymentSettingsQueries } from '../api/payment-settings.queries.ts';
import { LoadError, LoadingPanel } from '../components/LoadState.tsx';
import { ManualRateForm } from '../components/ManualRateForm.tsx';
import { CurrentRates, FetchHistory, ManualRates } from '../components/RateTables.tsx';
import { useCanChange } from '../components/use-settings-change.ts';

const ENTRY = pageEntry('/exchange-rates') ?? {
  title: 'Exchange rates',
  section: 'Settings',
  description: '',
  emptyTitle: '',
};

/** /exchange-rates: the rates that convert gifts, manual rates for a period, and the daily fetch (docs/product/payments.md#exchange-rates). */
export function ExchangeRatesPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const rates = useQuery(paymentSettingsQueries.rates(npoId));
  const canChange = useCanChange();
  return (
    <div className={classes.readable}>
      <PageFrame entry={ENTRY}>
        {rates.isPending ? <LoadingPanel label="Loading exchange rates" /> : null}
        {rates.isError ? (
          <LoadError
            title="Exchange rates could not be loaded"
            error={rates.error}
            retry={() => rates.refetch()}
            busy={rates.isFetching}
          />
        ) : null}
        {rates.data ? (
          <Stack gap="lg">
            <CurrentRates data={rates.data} />
            <ManualRates data={rates.data} />
            {canChange ? <ManualRateForm base={rates.data.base_currency} /> : null}
            <FetchHistory data={rates.data} />
          </Stack>
        ) : null}
      </PageFrame>
    </div>
  );
}
