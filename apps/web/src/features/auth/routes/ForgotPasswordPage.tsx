import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/use-page-title.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SENT =
  'If an account exists for that address, we have sent it a link to reset the password. The link works once and expires in an hour.';

/** /forgot-password: asks for a reset link by e-mail (POST /password/forgot). */
export function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (v) => (!v.trim() ? 'Email is required' : EMAIL.test(v.trim()) ? null : 'Enter a valid email address'),
    },
  });
  const request = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword(email),
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The reset link could not be sent. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <AuthLayout title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<MailCheck size={18} />} role="status" title="Check your inbox">
            {request.data?.message || SENT}
          </Alert>
          <Text size="sm" c="dimmed">
            Sent to {form.values.email.trim()}. Nothing there? Check the spam folder, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
              try another address
            </Anchor>
            .
          </Text>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ email }) => {
            setError(null);
            request.mutate(email.trim());
          })}
        >
          <Stack gap="md">
            <FormAlert message={error} />
            <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" fullWidth loading={request.isPending} disabled={request.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthLayout>
  );
}
