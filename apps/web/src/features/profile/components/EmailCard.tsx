import type { TProfile } from '@kindling/contracts';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { profileApi, profileKeys } from '../api/profile.queries.ts';

type Values = { new_email: string; current_password: string };

/**
 * The e-mail address: a new one is confirmed by a link sent to it; until the link is opened the
 * account keeps its address (docs/product/profile.md#e-mail-address).
 */
export function EmailCard({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { new_email: '', current_password: '' },
    validate: {
      new_email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid email address'),
      current_password: (v) => (profile.has_password && !v ? 'Enter your current password.' : null),
    },
  });
  const request = useMutation({
    mutationFn: (values: Values) =>
      profileApi.requestEmailChange({
        new_email: values.new_email.trim(),
        ...(profile.has_password ? { current_password: values.current_password } : {}),
      }),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile() });
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'The link could not be sent. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          request.mutate(values);
        })}
      >
        <Stack gap="md" maw={420}>
          <Title order={2} fz="lg" id="email-title">
            E-mail address
          </Title>
          <Text size="sm">
            You sign in with <strong>{profile.email}</strong>.
          </Text>
          {profile.pending_email && (
            <Alert color="blue" title="Waiting for confirmation">
              We sent a link to <strong>{profile.pending_email}</strong>. Your address changes when you open it.
            </Alert>
          )}
          <FormAlert message={error} />
          <TextInput
            label="New e-mail address"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('new_email')}
          />
          {profile.has_password && (
            <PasswordInput
              label="Current password"
              required
              autoComplete="current-password"
              {...form.getInputProps('current_password')}
            />
          )}
          <Group>
            <Button type="submit" loading={request.isPending} disabled={request.isPending}>
              Send confirmation link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
