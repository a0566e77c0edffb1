import {
  ASSISTANT_EXPANDED_KEY,
  ASSISTANT_MESSAGES,
  LOCAL_QUERIES_CAP,
  PREDEFINED_PROMPT_TEXTS,
  PREDEFINED_PROMPTS,
  SAVED_QUERIES_SHOWN,
  shortenQuery,
  type TAnalysis,
} from '@kindling/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Textarea,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GripHorizontal, Maximize2, Minimize2, MoveDiagonal2, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { AnalysisResult } from './AnalysisResult.tsx';
import { analyze, clearQueries, savedQueries, savedQueryKeys, saveQuery } from './assistant.api.ts';
import { localLabel, type PastedInsight, pastedInsights } from './pasted-json.ts';
import { usePanelFrame } from './use-panel-frame.ts';

type Exchange = {
  id: number;
  question: string;
  answer: TAnalysis | { insights: PastedInsight[] } | null;
  error: string | null;
};
type LocalQuery = { label: string; insights: PastedInsight[] };

/** The red message of spec 01 §8: the server's message or 'Failed to process prompt'; else the error's or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message || ASSISTANT_MESSAGES.failed;
  if (error instanceof Error && error.message) return error.message;
  return ASSISTANT_MESSAGES.error;
}

const isPredefined = (text: string) =>
  PREDEFINED_PROMPT_TEXTS.some((p) => p.toLowerCase() === text.trim().toLowerCase());

/**
 * The insights assistant (spec 01 §4–9, docs/product/insights.md#assistant): a floating panel that can
 * be dragged and resized or expanded to the whole window (kept in local storage), with the predefined
 * prompts, the user's recent queries and the answers as tables, charts, text or insights.
 */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useLocalStorage<boolean>({ key: ASSISTANT_EXPANDED_KEY, defaultValue: false });
  const { frame, moveHandle, resizeHandle } = usePanelFrame();
  const [tab, setTab] = useState<string | null>('ask');
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [localQueries, setLocalQueries] = useState<LocalQuery[]>([]);
  const recent = useQuery(savedQueries(npoId));

  const settle = (id: number, patch: Partial<Exchange>) =>
    setExchanges((list) => list.map((x) => (x.id === id ? { ...x, ...patch } : x)));

  async function ask(raw: string) {
    const question = raw.trim();
    if (!question || running) return;
    setTab('ask');
    setText('');
    const id = Date.now();
    const pasted = pastedInsights(question);
    if (pasted) {
      // Pasted insights are shown as they are, without a call (spec 01 §5).
      const label = localLabel(question);
      setLocalQueries((list) => [{ label, insights: pasted }, ...list].slice(0, LOCAL_QUERIES_CAP));
      setExchanges((list) => [...list, { id, question: label, answer: { insights: pasted }, error: null }]);
      return;
    }
    setExchanges((list) => [...list, { id, question, answer: null, error: null }]);
    setRunning(true);
    if (!isPredefined(question)) {
      // Saving a custom query is best effort: a failure is only logged (spec 01 §8).
      saveQuery(question)
        .then(() => queryClient.invalidateQueries({ queryKey: savedQueryKeys.all }))
        .catch((err) => console.warn('The query could not be saved', err));
    }
    try {
      const response = await analyze({ prompt: question, time_range: 'last_30_days' });
      if (response.status !== 'success') settle(id, { error: ASSISTANT_MESSAGES.failed });
      else settle(id, { answer: response.data });
    } catch (err) {
      settle(id, { error: errorMessage(err) });
    } finally {
      setRunning(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(text);
  };

  async function clearAll() {
    try {
      await clearQueries();
    } catch (err) {
      console.warn('The recent queries could not be cleared', err);
    }
    setLocalQueries([]);
    await queryClient.invalidateQueries({ queryKey: savedQueryKeys.all });
  }

  const style = expanded
    ? { position: 'fixed' as const, inset: 0, zIndex: 300 }
    : {
        position: 'fixed' as const,
        left: frame.x,
        top: frame.y,
        width: frame.width,
        height: frame.height,
        zIndex: 300,
      };
  const shown = (recent.data ?? []).slice(0, SAVED_QUERIES_SHOWN);

  return (
    <Paper
      shadow="xl"
      radius={expanded ? 0 : 'lg'}
      withBorder
      role="dialog"
      aria-labelledby={titleId}
      style={{ ...style, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid="assistant-panel"
      data-expanded={expanded}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap="xs" wrap="nowrap">
          {!expanded && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Move assistant (drag, or use the arrow keys)"
              style={{ cursor: 'move', touchAction: 'none' }}
              {...moveHandle}
            >
              <GripHorizontal size={18} aria-hidden />
            </ActionIcon>
          )}
          <ThemeIcon variant="light" radius="md" aria-hidden>
            <Sparkles size={16} />
          </ThemeIcon>
          <Title order={2} size="h5" id={titleId}>
            Insights assistant
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={expanded ? 'Restore assistant size' : 'Expand assistant'}
            aria-pressed={expanded}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? <Minimize2 size={18} aria-hidden /> : <Maximize2 size={18} aria-hidden />}
          </ActionIcon>
          <CloseButton aria-label="Close assistant" onClick={onClose} />
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Tabs.List px="xs">
          <Tabs.Tab value="ask">Ask</Tabs.Tab>
          <Tabs.Tab value="prompts">Prompts</Tabs.Tab>
          <Tabs.Tab value="recent">Recent ({shown.length + localQueries.length})</Tabs.Tab>
        </Tabs.List>
        <ScrollArea
          style={{ flex: 1, minHeight: 0 }}
          p="sm"
          // A scrolled region must be reachable by keyboard (axe scrollable-region-focusable).
          viewportProps={{ tabIndex: 0, 'aria-label': 'Assistant answers' }}
        >
          <Tabs.Panel value="ask">
            <Stack gap="md" aria-live="polite">
              {exchanges.length === 0 && (
                <Text size="sm" c="dimmed">
                  Ask about your donors, campaigns and payments, or pick a question under Prompts. Answers come from
                  your organisation’s own data.
                </Text>
              )}
              {exchanges.map((x) => (
                <Stack key={x.id} gap={6}>
                  <Text size="sm" fw={600}>
                    {x.question}
                  </Text>
                  {x.answer && <AnalysisResult result={x.answer} id={`answer-${x.id}`} onAsk={ask} />}
                  {x.error && (
                    <Alert color="red" variant="light" role="alert">
                      <Text size="sm" c="red.9">
                        {x.error}
                      </Text>
                    </Alert>
                  )}
                  {!x.answer && !x.error && <Loader size="sm" color="#00A3FF" aria-label="Working on it" />}
                </Stack>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="prompts">
            <Stack gap="sm">
              {PREDEFINED_PROMPTS.map((group) => (
                <Stack key={group.category} gap={4} component="section" aria-label={group.category}>
                  <Title order={3} size="h6">
                    {group.category}
                  </Title>
                  <Group gap={6}>
                    {group.prompts.map((p) => (
                      <Button
                        key={p.label}
                        size="compact-sm"
                        variant="light"
                        onClick={() => ask(p.prompt)}
                        disabled={running}
                      >
                        {p.label}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="recent">
            <Stack gap={4}>
              {shown.length + localQueries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No recent queries yet.
                </Text>
              ) : (
                <>
                  <Group justify="space-between">
                    <Title order={3} size="h6">
                      Recent queries
                    </Title>
                    <Button size="compact-xs" variant="default" onClick={clearAll}>
                      Clear all
                    </Button>
                  </Group>
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Recent queries">
                    {localQueries.map((q, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pasted labels may repeat; the list only grows at the front.
                      <li key={`local-${i}`}>
                        <UnstyledButton
                          py={4}
                          fz="sm"
                          title={q.label}
                          onClick={() =>
                            setExchanges((list) => [
                              ...list,
                              { id: Date.now(), question: q.label, answer: { insights: q.insights }, error: null },
                            ])
                          }
                        >
                          {shortenQuery(q.label)}{' '}
                          <Text span size="xs" c="dimmed">
                            (pasted)
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                    {shown.map((q) => (
                      <li key={q.id}>
                        <UnstyledButton py={4} fz="sm" title={q.query} onClick={() => ask(q.query)} disabled={running}>
                          {shortenQuery(q.query)}
                        </UnstyledButton>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Stack>
          </Tabs.Panel>
        </ScrollArea>
      </Tabs>
      <form onSubmit={submit} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Group p="sm" pr={expanded ? 'sm' : 36} gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label="Your question"
            placeholder="Who are my top donors this quarter?"
            rows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void ask(text);
              }
            }}
          />
          <Button type="submit" disabled={!text.trim() || running} loading={running}>
            Ask
          </Button>
        </Group>
      </form>
      {!expanded && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Resize assistant (drag, or use the arrow keys)"
          style={{ position: 'absolute', right: 2, bottom: 2, cursor: 'nwse-resize', touchAction: 'none' }}
          {...resizeHandle}
        >
          <MoveDiagonal2 size={14} aria-hidden />
        </ActionIcon>
      )}
    </Paper>
  );
}
