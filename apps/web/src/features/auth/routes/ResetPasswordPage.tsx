import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { authQueries } from '../api/auth.queries.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';

/** /password-reset/:id and /reset-password?token=…: choose a new password from an e-mailed link. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = id ?? params.get('token') ?? '';
  const check = useQuery(authQueries.resetToken(token));

  let body: React.ReactNode;
  if (!token || (check.error instanceof ApiError && check.error.status < 500)) body = <InvalidLink />;
  else if (check.isPending)
    body = <Loader role="status" mx="auto" color={CONSTANTS.spinnerColor} aria-label="Checking the link" />;
  else if (check.isError)
    body = <FormAlert message="The link could not be checked right now. Reload the page to try again." />;
  else body = <NewPasswordForm token={token} email={check.data.email} />;

  return (
    <AuthLayout title="Choose a new password">
      {body}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthLayout>
  );
}

function InvalidLink() {
  return (
    <Stack gap="sm">
      <FormAlert message={MESSAGES.resetLinkInvalid} />
      <Button component={Link} to="/forgot-password" variant="light">
        Request a new link
      </Button>
    </Stack>
  );
}

type Values = { password: string; confirm: string };

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const form = useForm<Values>({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) =>
        v.length >= CONSTANTS.passwordMinLength ? null : `Use at least ${CONSTANTS.passwordMinLength} characters`,
      confirm: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });
  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    onError: (err) => {
      // The link can expire or be used elsewhere while this page is open.
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return setExpired(true);
      const { fields, message } = describeFormError(err, 'Your password could not be changed. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  if (expired) return <InvalidLink />;
  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<CircleCheck size={18} />} role="status" title="Password changed">
          Your password has been changed. Sign in with your new password.
        </Alert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) => {
        setError(null);
        reset.mutate(password);
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          For {email}
        </Text>
        <FormAlert message={error} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordInput label="New password" {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm new password"
          required
          autoComplete="new-password"
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth loading={reset.isPending} disabled={reset.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
