import type { TDealOptions, TDealStage } from '@kindling/contracts';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api-client.ts';
import { dealKeys, dealQueries } from '../api/deals.queries.ts';

/** A new stage's key from its name: lower-case letters, digits and underscores, unique among the others. */
export function keyFor(label: string, taken: string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 's_$1')
      .slice(0, 32) || 'stage';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

const CLOSING = ['won', 'lost'];

/**
 * The pipeline's stages in order, each with the probability a deal in it is given: admins rename,
 * reorder, add and remove them (Won and Lost stay: they close a deal); every role sees them.
 */
export function DealStagesPanel({ npoId, canEdit }: { npoId: number | null; canEdit: boolean }) {
  const client = useQueryClient();
  const options = useQuery(dealQueries.options(npoId));
  const [stages, setStages] = useState<TDealStage[]>([]);
  useEffect(() => {
    if (options.data) setStages(options.data.stages);
  }, [options.data]);
  const save = useMutation({
    mutationFn: () => api<TDealOptions>('PUT', '/npo_admin/deal_stages', { body: { stages } }),
    onSuccess: (saved) => {
      client.setQueryData(dealKeys.options(npoId), saved);
      void client.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
  const change = (i: number, patch: Partial<TDealStage>) =>
    setStages((s) => s.map((stage, j) => (j === i ? { ...stage, ...patch } : stage)));
  const move = (i: number, by: number) =>
    setStages((s) => {
      const next = [...s];
      const [stage] = next.splice(i, 1);
      if (stage) next.splice(i + by, 0, stage);
      return next;
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Deal stages
        </Title>
        <Text size="sm" c="dimmed">
          The columns of the pipeline, in order. A deal's weighted amount is its amount times its stage's probability.
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deal stages">
          {stages.map((stage, i) => (
            <Group key={stage.key} component="li" gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={`Stage ${i + 1} name`}
                value={stage.label}
                readOnly={!canEdit}
                onChange={(e) => change(i, { label: e.currentTarget.value })}
                error={stage.label.trim() === '' ? 'Name the stage.' : undefined}
                style={{ flex: '1 1 180px' }}
              />
              <NumberInput
                label="Probability (%)"
                value={stage.probability}
                readOnly={!canEdit}
                min={0}
                max={100}
                clampBehavior="strict"
                allowDecimal={false}
                onChange={(v) => change(i, { probability: typeof v === 'number' ? v : 0 })}
                style={{ flex: '0 1 130px' }}
              />
              {canEdit && (
                <Group gap={4}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move ${stage.label} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Move ${stage.label} down`}
                    disabled={i === stages.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    color="red"
                    aria-label={`Remove ${stage.label}`}
                    disabled={CLOSING.includes(stage.key)}
                    onClick={() => setStages((s) => s.filter((_, j) => j !== i))}
                  >
                    <Trash2 size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
        {save.isError && (
          <Alert color="red" role="alert" title="The stages were not saved">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && !save.isPending && (
          <Text size="sm" role="status">
            Stages saved.
          </Text>
        )}
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<Plus size={14} aria-hidden />}
              onClick={() => {
                const label = 'New stage';
                const stage = {
                  key: keyFor(
                    label,
                    stages.map((s) => s.key),
                  ),
                  label,
                  probability: 50,
                };
                // Before Won and Lost: a new stage is one a deal passes through.
                const at = stages.findIndex((s) => CLOSING.includes(s.key));
                setStages((s) => (at < 0 ? [...s, stage] : [...s.slice(0, at), stage, ...s.slice(at)]));
              }}
            >
              Add a stage
            </Button>
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              Save stages
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
