import type { TProfile, TUpdateProfileRequest } from '@kindling/contracts';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { profileApi, profileKeys } from '../api/profile.queries.ts';
import { PhotoField } from './PhotoField.tsx';

const required = (label: string) => (v: string) => (v.trim() ? null : `${label} is required`);

/** Name and photo: what colleagues and the top bar show. */
export function NameCard({ profile }: { profile: TProfile }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TUpdateProfileRequest>({
    initialValues: { first_name: profile.first_name, last_name: profile.last_name },
    validate: { first_name: required('First name'), last_name: required('Last name') },
  });
  const save = useMutation({
    mutationFn: profileApi.updateName,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.profile(), saved);
      const names = { first_name: saved.first_name, last_name: saved.last_name };
      form.setValues(names);
      form.resetDirty(names);
      notifications.show({ color: 'green', message: 'Your name was saved.' });
      await session.refresh();
    },
    onError: (err) => {
      const { fields, message } = describeFormError(err, 'Your name could not be saved. Please try again.');
      form.setErrors(fields);
      setError(message);
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="profile-title">
          Name and photo
        </Title>
        <PhotoField profile={profile} />
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setError(null);
            save.mutate({ first_name: values.first_name.trim(), last_name: values.last_name.trim() });
          })}
        >
          <Stack gap="md">
            <FormAlert message={error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('first_name')} />
              <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('last_name')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending} disabled={save.isPending || !form.isDirty()}>
                Save name
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
