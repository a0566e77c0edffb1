import { ANSWER_TYPES, CHOICE_ANSWER_TYPES } from '@kindling/contracts';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Plus } from 'lucide-react';
import { ANSWER_TYPE_LABELS } from '../../../../shared/answer-type-labels.ts';
import { newQuestion } from '../../editor/campaign-draft.ts';
import type { SectionProps } from './editor-form.ts';
import { ListControls } from './ListControls.tsx';

function QuestionRow({ form, index }: SectionProps & { index: number }) {
  const question = form.values.questions[index];
  if (!question) return null;
  const count = form.values.questions.length;
  const name = `question ${index + 1}`;
  const choices = CHOICE_ANSWER_TYPES.includes(question.answer_type);
  return (
    <Fieldset legend={`Question ${index + 1}`} variant="filled" p="sm">
      <Stack gap="sm">
        <TextInput label="Question" withAsterisk {...form.getInputProps(`questions.${index}.content`)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Answer type"
            data={ANSWER_TYPES.map((value) => ({ value, label: ANSWER_TYPE_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps(`questions.${index}.answer_type`)}
          />
          <Checkbox
            mt={{ base: 0, xs: 30 }}
            label="An answer is required"
            {...form.getInputProps(`questions.${index}.response_required`, { type: 'checkbox' })}
          />
        </SimpleGrid>
        {choices ? (
          <TagsInput
            label="Options"
            description="Type an option and press Enter."
            withAsterisk
            {...form.getInputProps(`questions.${index}.options`)}
          />
        ) : null}
        <Group justify="flex-end">
          <ListControls
            itemName={name}
            onUp={index > 0 ? () => form.reorderListItem('questions', { from: index, to: index - 1 }) : null}
            onDown={index < count - 1 ? () => form.reorderListItem('questions', { from: index, to: index + 1 }) : null}
            onRemove={() => form.removeListItem('questions', index)}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Questions the donor answers in the form's question wizard, in order. */
export function QuestionsSection(props: SectionProps) {
  const { form } = props;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Questions
      </Title>
      <Text size="sm" c="dimmed">
        Asked one at a time after the amount. A required question must be answered before the donor can go on.
      </Text>
      {form.values.questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questions yet.
        </Text>
      ) : null}
      {form.values.questions.map((q, index) => (
        <QuestionRow key={q.key} {...props} index={index} />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<Plus size={16} aria-hidden />}
          onClick={() => form.insertListItem('questions', newQuestion())}
        >
          Add question
        </Button>
      </Group>
    </Stack>
  );
}
