import { CONSTANTS } from '@kindling/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

type Props = {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  submitColor?: string;
  description?: ReactNode;
};

const PATTERN = new RegExp(`^\\d{${CONSTANTS.otpLength}}$`);

/** Asks for a current authenticator code before a sensitive MFA change. */
export function CodePrompt({ label, submitLabel, pending, onSubmit, onCancel, submitColor, description }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!PATTERN.test(code))
          return setError(`Enter the ${CONSTANTS.otpLength}-digit code from your authenticator app`);
        setError(null);
        onSubmit(code);
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          description={description}
          required
          type="text"
          maxLength={CONSTANTS.otpLength}
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
          w={200}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
        />
        <Button type="submit" loading={pending} disabled={pending} color={submitColor}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}
