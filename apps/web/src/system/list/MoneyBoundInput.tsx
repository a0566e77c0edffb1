import { fromMinorUnits, toMinorUnits } from '@kindling/contracts';
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A lower or upper money bound of a list filter, typed in major units and kept in minor units.
 * It applies when the box is left or Enter is pressed, and only when the amount really changed:
 * tabbing through an empty box must not write the URL (which would also send the list to page 1).
 */
export function MoneyBoundInput({
  label,
  value,
  currency,
  onCommit,
  currencyAt = 'label',
}: {
  label: string;
  /** Minor units, or null for no bound. */
  value: number | null;
  currency: string;
  onCommit: (minor: number | null) => void;
  /** Where the currency code shows: after the label ('Amount from (USD)') or inside the box. */
  currencyAt?: 'label' | 'inside';
}) {
  const shown = value === null ? '' : fromMinorUnits(value, currency);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // Back/forward or 'Clear filters' change the bound from outside: show it.
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    if (text.trim() === '') {
      setError(null);
      if (value !== null) onCommit(null);
      return;
    }
    const parsed = toMinorUnits(text.trim(), currency);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    if (parsed.minor !== value) onCommit(parsed.minor);
  };
  const inside = currencyAt === 'inside';
  return (
    <TextInput
      label={inside ? label : `${label} (${currency})`}
      inputMode="decimal"
      value={text}
      error={error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      rightSection={inside ? currency : undefined}
      rightSectionWidth={inside ? 48 : undefined}
    />
  );
}
