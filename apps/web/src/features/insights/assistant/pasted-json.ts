import { LOCAL_QUERY_LABEL_MAX, type TInsight } from '@kindling/contracts';

/**
 * Pasted JSON holding insights is shown without a call (spec 01 §5): an object with an `insights`
 * list, a `data.insights` list, or a bare list of insight-like objects (each with a title). Anything
 * else is a question for the server. Missing fields take the display defaults when shown.
 */
export type PastedInsight = Partial<TInsight> & { id: string; title: string };

export function pastedInsights(text: string): PastedInsight[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
  const list = Array.isArray(parsed)
    ? parsed
    : (record(parsed)?.insights ?? record(record(parsed)?.data)?.insights ?? null);
  if (!Array.isArray(list)) return null;
  const insights = list
    .map(record)
    .filter((i): i is Record<string, unknown> => i !== null && typeof i.title === 'string')
    .map((i, n) => ({ ...(i as Partial<TInsight>), id: String(i.id ?? `pasted-${n}`), title: String(i.title) }));
  return insights.length ? insights : null;
}

/** The label a locally added (pasted) query keeps in the list: the first 100 characters. */
export const localLabel = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, LOCAL_QUERY_LABEL_MAX);
