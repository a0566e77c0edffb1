import { CONSTANTS, type TLoginResponse } from '@kindling/contracts';
import { Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { authApi } from '../api/auth.api.ts';
import { backupCodeErrorMessage, otpErrorMessage } from '../sign-in-errors.ts';

type Mode = 'otp' | 'backup';
type Props = {
  tempSessionId: string;
  onSuccess: (login: TLoginResponse) => void;
  /** Back to the e-mail and password step (a new challenge is needed then). */
  onBack: () => void;
};

const MODES = [
  { label: 'Authenticator code', value: 'otp' },
  { label: 'Backup code', value: 'backup' },
];

const OTP_PATTERN = new RegExp(`^\\d{${CONSTANTS.otpLength}}$`);

/** The second-factor view (docs/product/sign-in.md#second-factor): authenticator code or backup code. */
export function SecondFactorForm({ tempSessionId, onSuccess, onBack }: Props) {
  const [mode, setMode] = useState<Mode>('otp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const verify = useMutation({
    mutationFn: ({ kind, value }: { kind: Mode; value: string }) =>
      kind === 'otp' ? authApi.verifyOtp(tempSessionId, value) : authApi.verifyBackupCode(tempSessionId, value),
    onSuccess: (login, { kind }) => {
      if (login.npo_user) return onSuccess(login);
      setError(kind === 'otp' ? otpErrorMessage(null) : backupCodeErrorMessage(null));
    },
    onError: (err, { kind }) => setError(kind === 'otp' ? otpErrorMessage(err) : backupCodeErrorMessage(err)),
  });

  // Focus returns to the message after a failed attempt (docs/product/sign-in.md#second-factor).
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const switchMode = (next: string) => {
    setMode(next as Mode);
    setCode('');
    setError(null);
    setFieldError(null);
    // Let the new input render before moving focus into it.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    const invalid = validate(mode, value);
    setFieldError(invalid);
    if (invalid) return;
    setError(null);
    verify.mutate({ kind: mode, value });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Your account is protected with two-step verification. Enter the code from your authenticator app, or one of your
        backup codes.
      </Text>
      <SegmentedControl fullWidth data={MODES} value={mode} onChange={switchMode} disabled={verify.isPending} />
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormAlert ref={alertRef} message={error} />
          {mode === 'otp' ? (
            <TextInput
              ref={inputRef}
              key="otp"
              label="Authenticator code"
              description={`The ${CONSTANTS.otpLength}-digit code shown in your authenticator app`}
              required
              type="text"
              maxLength={CONSTANTS.otpLength}
              placeholder="000000"
              inputMode="numeric"
              autoComplete="one-time-code"
              data-autofocus
              value={code}
              error={fieldError}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            />
          ) : (
            <TextInput
              ref={inputRef}
              key="backup"
              label="Backup code"
              description="Each backup code works once"
              required
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={code}
              error={fieldError}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          )}
          <Button type="submit" fullWidth loading={verify.isPending} disabled={verify.isPending}>
            Verify
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" onClick={onBack} disabled={verify.isPending}>
        Back to email and password
      </Anchor>
    </Stack>
  );
}

function validate(mode: Mode, value: string): string | null {
  if (!value) return mode === 'otp' ? 'Enter your authenticator code' : 'Enter a backup code';
  if (mode === 'otp' && !OTP_PATTERN.test(value))
    return `Enter the ${CONSTANTS.otpLength}-digit code from your authenticator app`;
  return null;
}
