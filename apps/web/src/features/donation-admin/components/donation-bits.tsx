import { OFFLINE_METHOD_LABELS, type TDonationDetail, type TOfflineMethod } from '@kindling/contracts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { type Format, useFormat } from '../../../shared/format.ts';

/** Instants on the organisation's clock and amounts with their currency code, in its locale (decision 027). */
export function donationBitsOf(format: Format) {
  return {
    when: (iso: string | null) => (iso ? format.dateTime(iso) : '—'),
    money: (minor: number, currency: string) => `${format.money(minor, currency)} ${currency}`,
  };
}

export type DonationBits = ReturnType<typeof donationBitsOf>;

export function useDonationBits(): DonationBits {
  const format = useFormat();
  return useMemo(() => donationBitsOf(format), [format]);
}

/** A labelled value, read as a term and its description. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A titled card of facts, two columns from small screens up. */
export function FactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function methodLabel(d: Pick<TDonationDetail, 'payment_method' | 'provider'>): string {
  const method = d.payment_method ?? '';
  if (d.provider === 'offline') return OFFLINE_METHOD_LABELS[method as TOfflineMethod] ?? method;
  return method ? method.replace(/_/g, ' ') : '—';
}

/** Donor wall choices as the donor made them. */
export function DonorWallFacts({ d }: { d: TDonationDetail }) {
  return (
    <>
      <Fact label="On the donor wall">{yesNo(d.add_to_donor_wall)}</Fact>
      {d.add_to_donor_wall && (
        <>
          <Fact label="First name only">{yesNo(d.first_name_only_to_donor_wall)}</Fact>
          <Fact label="Amount shown">{yesNo(d.show_amount_on_donor_wall)}</Fact>
          <Fact label="Comment shown">{yesNo(d.show_comment_on_donor_wall)}</Fact>
        </>
      )}
    </>
  );
}

/** Amounts: charged, fees, refunded, base currency and rate. */
export function AmountFacts({ d }: { d: TDonationDetail }) {
  const { money } = useDonationBits();
  return (
    <>
      <Fact label="Amount charged">{money(d.amount_minor, d.currency)}</Fact>
      <Fact label="Fees covered by the donor">{money(d.included_fees_minor, d.currency)}</Fact>
      <Fact label="Platform fee">{money(d.platform_fee_minor, d.currency)}</Fact>
      <Fact label="Refunded">{money(d.refunded_minor, d.currency)}</Fact>
      {d.disputes.length > 0 && (
        <Fact label="Taken by disputes">
          {money(
            d.disputes.filter((x) => x.status !== 'won').reduce((sum, x) => sum + x.amount_minor, 0),
            d.currency,
          )}
        </Fact>
      )}
      <Fact label={`In ${d.base_currency}`}>
        <Group gap={6} component="span">
          {money(d.base_amount_minor, d.base_currency)}
          {d.currency !== d.base_currency && (
            <Text span size="xs" c="dimmed">
              at {d.fx_rate}
            </Text>
          )}
        </Group>
      </Fact>
    </>
  );
}
