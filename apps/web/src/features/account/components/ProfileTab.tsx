import { CONSTANTS } from '@kindling/contracts';
import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { NewPasswordInput } from '../../auth/index.ts';
import { accountErrorMessage } from '../account-errors.ts';
import { accountApi } from '../api/account.queries.ts';

/** Name and e-mail (read-only for now) and the change-password form. */
export function ProfileTab() {
  const { firstName, lastName, email } = useSession();
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Profile
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" value={firstName} readOnly />
            <TextInput label="Last name" value={lastName} readOnly />
          </SimpleGrid>
          <TextInput label="Email" value={email} readOnly />
          <Text size="sm" c="dimmed">
            To change your name or e-mail address, ask an administrator of your organisation.
          </Text>
        </Stack>
      </Card>
      <ChangePasswordCard email={email} />
    </Stack>
  );
}

type Values = { current_password: string; new_password: string; confirm: string };

function ChangePasswordCard({ email }: { email: string }) {
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
      accountApi.changePassword({ current_password: values.current_password, new_password: values.new_password }),
    onSuccess: () => {
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'Use your new password next time you sign in.',
      });
    },
    onError: (err) => setError(accountErrorMessage(err, 'Your password could not be changed. Please try again.')),
  });

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          change.mutate(values);
        })}
      >
        <Stack gap="md" maw={420}>
          <Title order={2} fz="lg">
            Change password
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
