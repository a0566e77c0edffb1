import { DONATION_METHOD_LABELS, DONATION_METHODS, type TDonationMethod } from '@kindling/contracts';
import { Checkbox, Group } from '@mantine/core';

/** The five methods as checkboxes, in the contract's order; `error` is the server's field message. */
export function MethodChecklist({
  value,
  onChange,
  error,
  disabled,
  label,
}: {
  value: TDonationMethod[];
  onChange: (next: TDonationMethod[]) => void;
  error?: string | null;
  disabled?: boolean;
  label: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      value={value}
      onChange={(next) => onChange(DONATION_METHODS.filter((m) => next.includes(m)))}
      error={error ?? undefined}
    >
      <Group gap="md" mt="xs">
        {DONATION_METHODS.map((m) => (
          <Checkbox key={m} value={m} label={DONATION_METHOD_LABELS[m]} disabled={disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
