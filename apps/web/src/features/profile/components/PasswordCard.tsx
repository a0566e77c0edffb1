import { CONSTANTS } from '@kindling/contracts';
import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { NewPasswordInput } from '../../auth/index.ts';
import { profileApi } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';

type Values = { current_password: string; new_password: string; confirm: string };

/**
 * The change-password form: the current password, then a new one checked like sign-up's. The
 * server ends the account's other sessions; this one stays.
 */
export function PasswordCard({ email }: { email: string }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validate: {
      current_password: (v) => (v ? null : 'Enter your current password'),
      new_password: (v, values) =>
        v.length < CONSTANTS.passwordMinLength
          ? `Use at least ${CONSTANTS.passwordMinLength} characters`
          : v === values.current_password
            ? 'Choose a password different from the current one'
            : null,
      confirm: (v, values) => (v === values.new_password ? null : 'The passwords do not match'),
    },
  });
  const change = useMutation({
    mutationFn: (values: Values) =>
      profileApi.changePassword({ current_password: values.current_password, new_password: values.new_password }),
    onSuccess: () => {
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'Use your new password next time you sign in. Your other sessions were signed out.',
      });
    },
    onError: (err) => setError(profileErrorMessage(err, 'Your password could not be changed. Please try again.')),
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          change.mutate(values);
        })}
      >
        <Stack gap="md" maw={420}>
          <Title order={2} fz="lg" id="password-title">
            Password
          </Title>
          <FormAlert message={error} />
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <NewPasswordInput label="New password" {...form.getInputProps('new_password')} />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
