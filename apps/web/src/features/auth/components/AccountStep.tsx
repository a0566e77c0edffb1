import { CONSTANTS, type TLoginResponse } from '@kindling/contracts';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { NewPasswordInput } from './NewPasswordInput.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = { first_name: string; last_name: string; email: string; password: string };

/** Sign-up step 1: the person's account (POST /signup). */
export function AccountStep({ onCreated }: { onCreated: (login: TLoginResponse) => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { first_name: '', last_name: '', email: '', password: '' },
    validate: {
      first_name: (v) => (v.trim() ? null : 'First name is required'),
      last_name: (v) => (v.trim() ? null : 'Last name is required'),
      email: (v) => (!v.trim() ? 'Email is required' : EMAIL.test(v.trim()) ? null : 'Enter a valid email address'),
      password: (v) =>
        v.length >= CONSTANTS.passwordMinLength ? null : `Use at least ${CONSTANTS.passwordMinLength} characters`,
    },
  });
  const signUp = useMutation({
    mutationFn: (values: Values) =>
      authApi.signUp({ ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim() }),
    onSuccess: onCreated,
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'Your account could not be created. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        signUp.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert message={error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label="Work email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
        <NewPasswordInput label="Password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={signUp.isPending} disabled={signUp.isPending}>
          Create account
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">Already have an account?</Text>
          <Anchor component={Link} to="/login" size="sm" fw={600}>
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
