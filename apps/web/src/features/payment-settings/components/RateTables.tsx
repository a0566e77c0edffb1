import type { TExchangeRatesResponse } from '@kindling/contracts';
import { Alert, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { paymentSettingsApi, paymentSettingsKeys } from '../api/payment-settings.queries.ts';
import { Section, WideTable } from './Section.tsx';
import { useCanChange, useSettingsChange } from './use-settings-change.ts';

const SOURCES = { manual: 'Manual', ecb: 'European Central Bank', default: 'Platform default' } as const;

/** The last fetch: its date and count, or its failure with the rates still in use. */
export function FetchStatus({ data }: { data: TExchangeRatesResponse }) {
  const canChange = useCanChange();
  const format = useFormat();
  const refresh = useSettingsChange(paymentSettingsKeys.rates, paymentSettingsApi.refresh, 'Exchange rates fetched.');
  const last = data.last_fetch;
  const good = data.last_good_fetch;
  return (
    <Stack gap="xs">
      {!last ? (
        <Alert color="gray" title="No rates fetched yet">
          Gifts are converted with manual rates and the platform’s default rates until the daily fetch from{' '}
          {data.source_url} runs.
        </Alert>
      ) : last.status === 'ok' ? (
        <Alert color="green" icon={<CircleCheck size={18} aria-hidden />} title="Reference rates are up to date">
          {format.count(last.rates_count)} rates for {format.day(last.rates_date)}, fetched{' '}
          {format.dateTime(last.fetched_at)} from {data.source_url}.
        </Alert>
      ) : (
        <Alert color="red" role="alert" icon={<TriangleAlert size={18} aria-hidden />} title="The last fetch failed">
          {format.dateTime(last.fetched_at)}: {last.error}{' '}
          {good
            ? `Gifts still use the last good rates, for ${format.day(good.rates_date)} (fetched ${format.dateTime(good.fetched_at)}).`
            : 'No fetch has succeeded yet; gifts use manual and default rates.'}
        </Alert>
      )}
      {refresh.error ? <FormAlert message={refresh.error.message} /> : null}
      {canChange ? (
        <Button
          variant="light"
          size="xs"
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Fetch now
        </Button>
      ) : null}
    </Stack>
  );
}

export function CurrentRates({ data }: { data: TExchangeRatesResponse }) {
  const format = useFormat();
  return (
    <Section id="current-title" title="Rates in use today">
      <Text size="sm" c="dimmed">
        A gift in another currency is stored with the rate below and its amount in {data.base_currency}. A manual rate
        wins over the fetched one for its period.
      </Text>
      <FetchStatus data={data} />
      {data.current.length === 0 ? (
        <Text>No exchange rates yet.</Text>
      ) : (
        <WideTable
          minWidth={480}
          maxHeight={420}
          headers={['Currency', `1 unit in ${data.base_currency}`, 'Source', 'Date']}
        >
          {data.current.map((r) => (
            <Table.Tr key={r.currency}>
              <Table.Td>{r.currency}</Table.Td>
              <Table.Td>{format.rate(r.rate)}</Table.Td>
              <Table.Td>
                {r.source === 'manual' ? (
                  <Badge variant="light" color="blue">
                    {SOURCES.manual}
                  </Badge>
                ) : (
                  SOURCES[r.source]
                )}
              </Table.Td>
              <Table.Td>{format.day(r.as_of)}</Table.Td>
            </Table.Tr>
          ))}
        </WideTable>
      )}
    </Section>
  );
}

export function ManualRates({ data }: { data: TExchangeRatesResponse }) {
  const canChange = useCanChange();
  const format = useFormat();
  const remove = useSettingsChange(
    paymentSettingsKeys.rates,
    paymentSettingsApi.removeManualRate,
    'Manual rate removed.',
  );
  return (
    <Section id="manual-list-title" title="Manual rates">
      {remove.error ? <FormAlert message={remove.error.message} /> : null}
      {data.manual.length === 0 ? (
        <Text>
          No manual rates. Add one to fix a currency’s rate for a period, for example for your year-end accounts.
        </Text>
      ) : (
        <WideTable minWidth={520} headers={['Currency', 'Rate', 'Period', ...(canChange ? ['Actions'] : [])]}>
          {data.manual.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.currency}</Table.Td>
              <Table.Td>
                1 {r.currency} = {format.decimal(r.rate)} {r.base_currency}
              </Table.Td>
              <Table.Td>
                {format.day(r.valid_from)} to {r.valid_to ? format.day(r.valid_to) : 'open'}
              </Table.Td>
              {canChange ? (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === r.id}
                    onClick={() => remove.mutate(r.id)}
                    aria-label={`Remove the ${r.currency} rate from ${r.valid_from}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </WideTable>
      )}
    </Section>
  );
}

export function FetchHistory({ data }: { data: TExchangeRatesResponse }) {
  const format = useFormat();
  if (data.history.length === 0) return null;
  return (
    <Section id="history-title" title="Fetch history">
      <WideTable minWidth={480} headers={['When', 'Result', 'Rates date']}>
        {data.history.map((f) => (
          <Table.Tr key={f.fetched_at}>
            <Table.Td>{format.dateTime(f.fetched_at)}</Table.Td>
            <Table.Td>{f.status === 'ok' ? `${format.count(f.rates_count)} rates` : `Failed: ${f.error}`}</Table.Td>
            <Table.Td>{format.day(f.rates_date)}</Table.Td>
          </Table.Tr>
        ))}
      </WideTable>
    </Section>
  );
}
