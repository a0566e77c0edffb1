import { PasswordInput, type PasswordInputProps, Stack } from '@mantine/core';
import { useId } from 'react';
import { PasswordStrength } from './PasswordStrength.tsx';

type Props = Omit<PasswordInputProps, 'value'> & { label: string; value?: string };

/** A password being chosen: the field with its strength meter read out by screen readers. */
export function NewPasswordInput({ value = '', ...inputProps }: Props) {
  const strengthId = useId();
  return (
    <Stack gap={6}>
      <PasswordInput required autoComplete="new-password" aria-describedby={strengthId} value={value} {...inputProps} />
      <PasswordStrength id={strengthId} password={value} />
    </Stack>
  );
}
