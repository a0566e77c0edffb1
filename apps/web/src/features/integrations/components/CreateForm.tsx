import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';

type Fields = Record<string, string | undefined>;

/**
 * The "add one" form of the API keys and webhooks sections: one submit that creates through the API,
 * refreshes the list, clears the inputs and hands the answer (with its secret shown once) back;
 * the server's field messages go under the inputs, anything else in an alert above them.
 */
export function CreateForm<T>(props: {
  create: () => Promise<T>;
  listKey: QueryKey;
  failure: string;
  submitLabel: string;
  submitIcon: ReactNode;
  onCreated: (created: T) => void;
  onReset: () => void;
  children: (fields: Fields) => ReactNode;
}) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: props.create,
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: props.listKey });
      props.onReset();
      props.onCreated(created);
    },
  });
  const error = create.isError ? describeFormError(create.error, props.failure) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Stack gap="sm">
        <FormAlert message={error?.message ?? null} />
        {props.children(error?.fields ?? {})}
        <Group>
          <Button type="submit" loading={create.isPending} leftSection={props.submitIcon}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A labelled set of checkboxes over a fixed list of choices (a key's permissions, an endpoint's events). */
export function ChoiceGroup<V extends string>(props: {
  label: string;
  choices: readonly V[];
  labels: Record<V, string>;
  value: V[];
  onChange: (value: V[]) => void;
  error: string | undefined;
}) {
  return (
    <Checkbox.Group
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(v as V[])}
      error={props.error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt={6} spacing="xs">
        {props.choices.map((choice) => (
          <Checkbox key={choice} value={choice} label={props.labels[choice]} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
