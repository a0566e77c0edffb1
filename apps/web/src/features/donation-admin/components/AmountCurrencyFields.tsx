import { CURRENCIES } from '@kindling/contracts';
import { Select, TextInput } from '@mantine/core';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

type Props = {
  amount: string;
  currency: string;
  onAmount: (value: string) => void;
  onCurrency: (value: string) => void;
  amountError?: string | null | undefined;
  currencyError?: string | undefined;
  label?: string;
  placeholder?: string;
};

/** The amount typed in major units and its currency: the offline gift's fields, shared with payment requests. */
export function AmountCurrencyFields(p: Props) {
  return (
    <>
      <TextInput
        label={p.label ?? 'Amount'}
        required
        inputMode="decimal"
        placeholder={p.placeholder ?? '25.00'}
        value={p.amount}
        onChange={(e) => p.onAmount(e.currentTarget.value)}
        error={p.amountError}
      />
      <Select
        label="Currency"
        required
        searchable
        data={CURRENCY_OPTIONS}
        value={p.currency}
        onChange={(value) => p.onCurrency(value ?? 'USD')}
        allowDeselect={false}
        error={p.currencyError}
      />
    </>
  );
}
