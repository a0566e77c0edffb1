import { DONATION_METHOD_LABELS, type TDonationMethod, type TMethodsResponse } from '@kindling/contracts';
import { Button, Checkbox, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { paymentSettingsApi, paymentSettingsKeys } from '../api/payment-settings.queries.ts';
import { currenciesText, providerText } from './method-text.ts';
import { Section, WideTable } from './Section.tsx';
import { useCanChange, useSettingsChange } from './use-settings-change.ts';

const enabledOf = (data: TMethodsResponse) => data.methods.filter((m) => m.enabled).map((m) => m.method);

/** The organisation's methods: one row per method with its provider and currencies, and Save. */
export function OrganisationMethods({ data }: { data: TMethodsResponse }) {
  const canChange = useCanChange();
  const [chosen, setChosen] = useState<TDonationMethod[]>(enabledOf(data));
  const [error, setError] = useState<{ field: string | null; message: string | null }>({ field: null, message: null });
  const saved = enabledOf(data).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved value resets the choice
  useEffect(() => setChosen(enabledOf(data)), [saved]);
  const save = useSettingsChange(paymentSettingsKeys.methods, paymentSettingsApi.saveMethods, 'Payment methods saved.');
  const toggle = (method: TDonationMethod, on: boolean) =>
    setChosen((list) => data.methods.map((m) => m.method).filter((m) => (m === method ? on : list.includes(m))));
  const submit = () => {
    setError({ field: null, message: null });
    save.mutate(
      { methods: chosen },
      {
        onError: (err) => {
          const described = describeFormError(err, 'The payment methods could not be saved. Please try again.');
          setError({ field: described.fields.methods ?? null, message: described.message });
        },
      },
    );
  };
  return (
    <Section id="methods-title" title="Methods donors see">
      <Text size="sm" c="dimmed">
        Every campaign offers these unless it has its own choice below. A method shows on the donation form only when
        the connected provider takes it in the donor’s currency.
      </Text>
      <FormAlert message={error.message} />
      <WideTable minWidth={560} headers={['Method', 'Provider', 'Currencies']}>
        {data.methods.map((m) => (
          <Table.Tr key={m.method}>
            <Table.Td>
              <Checkbox
                label={DONATION_METHOD_LABELS[m.method]}
                checked={chosen.includes(m.method)}
                disabled={!canChange}
                onChange={(e) => toggle(m.method, e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>{providerText(m)}</Table.Td>
            <Table.Td>{currenciesText(m)}</Table.Td>
          </Table.Tr>
        ))}
      </WideTable>
      {error.field ? (
        <Text id="methods-error" size="sm" c="var(--mantine-color-error)" role="alert">
          {error.field}
        </Text>
      ) : null}
      {canChange ? (
        <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save methods
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          Only organisation admins can change payment methods.
        </Text>
      )}
    </Section>
  );
}
