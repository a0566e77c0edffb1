import { Button, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Plus } from 'lucide-react';
import { newDesignation } from '../../editor/campaign-draft.ts';
import type { SectionProps } from './editor-form.ts';
import { ListControls } from './ListControls.tsx';

/** Funds or purposes a donor may give to; the label heads their grid on the form. */
export function DesignationsSection({ form }: SectionProps) {
  const count = form.values.designations.length;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Designations
      </Title>
      <TextInput
        label="Designation label"
        description="The heading above the choices, like 'Where should your gift go?'"
        {...form.getInputProps('designation_label')}
      />
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No designations: gifts go where they are needed most.
        </Text>
      ) : null}
      {form.values.designations.map((d, index) => (
        <Fieldset key={d.key} legend={`Designation ${index + 1}`} variant="filled" p="sm">
          <Stack gap="sm">
            <TextInput label="Name" withAsterisk {...form.getInputProps(`designations.${index}.name`)} />
            <TextInput label="Description" {...form.getInputProps(`designations.${index}.description`)} />
            <Group justify="flex-end">
              <ListControls
                itemName={`designation ${index + 1}`}
                onUp={index > 0 ? () => form.reorderListItem('designations', { from: index, to: index - 1 }) : null}
                onDown={
                  index < count - 1 ? () => form.reorderListItem('designations', { from: index, to: index + 1 }) : null
                }
                onRemove={() => form.removeListItem('designations', index)}
              />
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<Plus size={16} aria-hidden />}
          onClick={() => form.insertListItem('designations', newDesignation())}
        >
          Add designation
        </Button>
      </Group>
    </Stack>
  );
}
