// The event's questions for each attendee (docs/product/events.md#events), with the campaign
// question kinds: text, a dropdown, radio buttons or checkboxes.
import { ANSWER_TYPES, CHOICE_ANSWER_TYPES, type TAnswerType } from '@kindling/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { ANSWER_TYPE_LABELS } from '../../../shared/answer-type-labels.ts';
import { newQuestion, type QuestionForm } from './event-form.ts';

type Props = { items: QuestionForm[]; errors: Record<string, string>; onChange: (items: QuestionForm[]) => void };

export function AttendeeQuestionsEditor({ items, errors, onChange }: Props) {
  const patch = (i: number, change: Partial<QuestionForm>) =>
    onChange(items.map((q, j) => (j === i ? { ...q, ...change } : q)));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Questions for each attendee
        </Title>
        <Text size="sm" c="dimmed">
          Asked once per ticket on the event page; the answers show on the order and in the attendee export.
        </Text>
        {items.map((q, i) => (
          <Fieldset key={q.id ?? `new-${i}`} legend={`Question ${i + 1}`} variant="filled" p="sm">
            <Stack gap="sm">
              <TextInput
                label="Question"
                withAsterisk
                value={q.content}
                error={errors[`questions.${i}.content`]}
                onChange={(e) => patch(i, { content: e.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Select
                  label="Answer type"
                  data={ANSWER_TYPES.map((value) => ({ value, label: ANSWER_TYPE_LABELS[value] }))}
                  allowDeselect={false}
                  value={q.answer_type}
                  onChange={(value) => patch(i, { answer_type: (value ?? 'Text') as TAnswerType })}
                />
                <Checkbox
                  mt={{ base: 0, xs: 30 }}
                  label="An answer is required"
                  checked={q.response_required}
                  onChange={(e) => patch(i, { response_required: e.currentTarget.checked })}
                />
              </SimpleGrid>
              {CHOICE_ANSWER_TYPES.includes(q.answer_type) && (
                <TagsInput
                  label="Options"
                  description="Type an option and press Enter."
                  withAsterisk
                  value={q.options}
                  error={errors[`questions.${i}.options`]}
                  onChange={(options) => patch(i, { options })}
                />
              )}
              <Group justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  <Trash2 size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<Plus size={16} aria-hidden />}
            onClick={() => onChange([...items, newQuestion()])}
          >
            Add question
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
