import { MESSAGES, type TLoginResponse } from '@kindling/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { authApi } from '../api/auth.api.ts';
import { failedStatusMessage, signInErrorMessage } from '../sign-in-errors.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = {
  onResult: (login: TLoginResponse) => void;
  /** Another sign-in (Google, Stripe) is running: the form waits for it. */
  disabled?: boolean;
};

/** The e-mail and password step of the Sign In screen (docs/product/sign-in.md#sign-in-screen). */
export function CredentialsForm({ onResult, disabled = false }: Props) {
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        !value.trim() ? 'Email is required' : EMAIL.test(value.trim()) ? null : 'Enter a valid email address',
      password: (value) => (value ? null : 'Password is required'),
    },
  });
  const signIn = useMutation({
    mutationFn: (values: { email: string; password: string }) => authApi.signIn(values.email.trim(), values.password),
    onSuccess: (login) => {
      const failure = failedStatusMessage(login.status);
      if (failure) return setError(failure);
      if (!login.two_factor_required && !login.npo_user) return setError(MESSAGES.loginFailed);
      onResult(login);
    },
    onError: (err) => setError(signInErrorMessage(err)),
  });

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const busy = signIn.isPending || disabled;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        signIn.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert ref={alertRef} message={error} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="username"
          placeholder="you@organisation.org"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          required
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
