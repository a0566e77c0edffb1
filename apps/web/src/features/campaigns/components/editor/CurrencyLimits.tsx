// The campaign's largest gift and what each offered currency gets (decision 035): presets
// converted with the organisation's exchange rates and rounded, and each currency's limits, as the
// server last computed them for the saved campaign.
import { Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useFormat } from '../../../../shared/format.ts';
import type { SavedCampaign } from './CampaignEditor.tsx';
import type { SectionProps } from './editor-form.ts';

type Props = SectionProps & { saved: SavedCampaign | null };

export function CurrencyLimits({ form, saved }: Props) {
  const format = useFormat();
  const currency = form.values.currency;
  const others = (saved?.currencies ?? []).filter((c) => c !== saved?.currency);
  return (
    <Stack gap="sm" mt="lg">
      <Title order={3} fz="md">
        Limits and other currencies
      </Title>
      <TextInput
        label="Largest gift"
        description={`Optional, in ${currency}. Without it, the payment providers' own limits apply.`}
        inputMode="decimal"
        rightSection={currency}
        rightSectionWidth={48}
        {...form.getInputProps('max_amount')}
      />
      {saved && others.length > 0 ? (
        <Table aria-label="What each currency gets" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Presets</Table.Th>
              <Table.Th>Smallest – largest gift</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {others.map((code) => {
              const converted = saved.currency_amounts?.[code];
              const limits = saved.amount_limits?.[code];
              const presets = converted
                ? converted.map((a) => format.money(a.amount_minor, code, { trimWholeZeros: true })).join(', ')
                : 'No exchange rate: the same figures as the default currency';
              return (
                <Table.Tr key={code}>
                  <Table.Td>{code}</Table.Td>
                  <Table.Td>{presets}</Table.Td>
                  <Table.Td>
                    {limits
                      ? `${format.money(limits.min_minor, code, { trimWholeZeros: true })} – ${format.money(limits.max_minor, code, { trimWholeZeros: true })}`
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Presets in other currencies are converted with the organisation's exchange rates and rounded to a round
          figure; save the campaign to see them here.
        </Text>
      )}
    </Stack>
  );
}
