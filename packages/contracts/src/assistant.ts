import { z } from 'zod';
import { DEFAULT_INSIGHT_TIME_RANGE, INSIGHT_TIME_RANGES, ZInsight } from './insights.ts';

// The insights assistant (docs/product/insights.md#assistant): the question call, its three result
// shapes (table, chart, text) or insights, the saved recent queries and the spec's limits.

/** A question longer than this is refused (400); the built-in analyst reads short questions. */
export const ASSISTANT_PROMPT_MAX = 500;
/** Questions per user per minute before 429. */
export const ASSISTANT_RATE_LIMIT = { limit: 20, windowSeconds: 60 } as const;
/** Saved recent queries kept per user and organisation, and how many the panel shows. */
export const SAVED_QUERIES_CAP = 20;
export const SAVED_QUERIES_SHOWN = 10;
/** Locally added (pasted JSON) queries: how many are kept and how long their label may be. */
export const LOCAL_QUERIES_CAP = 5;
export const LOCAL_QUERY_LABEL_MAX = 100;
/** A custom query's description is shortened to this many characters in the list. */
export const QUERY_DESCRIPTION_MAX = 60;
export const ASSISTANT_SIZE = { minWidth: 320, minHeight: 300, width: 480, height: 600 } as const;
/** The local-storage key of the panel's expanded (fullscreen) state. */
export const ASSISTANT_EXPANDED_KEY = 'aiAssistantExpanded';

export const ASSISTANT_MESSAGES = {
  failed: 'Failed to process prompt',
  error: 'An error occurred while processing the prompt',
  empty: 'Ask a question first.',
  tooLong: `A question can be at most ${ASSISTANT_PROMPT_MAX} characters.`,
  tooMany: 'You have asked a lot of questions in the last minute. Wait a moment and ask again.',
} as const;

/** The predefined prompts of spec 01 §9, in their four categories. */
export const PREDEFINED_PROMPTS = [
  {
    category: 'Donor Analysis',
    prompts: [
      { label: 'Top donors', prompt: 'Who are my top donors this quarter?' },
      { label: 'Lapsed donors', prompt: 'Which donors have lapsed in the last year?' },
      { label: 'Donation frequency', prompt: 'How often do my donors give?' },
    ],
  },
  {
    category: 'Campaign Performance',
    prompts: [
      { label: 'Campaign comparison', prompt: 'Compare my campaigns this year' },
      { label: 'Underperforming campaigns', prompt: 'Which campaigns are underperforming?' },
      { label: 'Campaign optimization', prompt: 'How can I optimize my campaigns?' },
    ],
  },
  {
    category: 'Predictive Insights',
    prompts: [
      { label: 'Donation forecast', prompt: 'Forecast donations for next month' },
      { label: 'Churn risk', prompt: 'Which donors are at risk of churning?' },
      { label: 'Growth', prompt: 'How is our giving growing month by month?' },
    ],
  },
  {
    category: 'Payment Insights',
    prompts: [
      { label: 'Payment methods', prompt: 'Break down donations by payment method' },
      { label: 'Failed payments', prompt: 'Show failed payments in the last 30 days' },
      { label: 'Fraud detection', prompt: 'Are there signs of fraud or card testing?' },
    ],
  },
] as const;
export const PREDEFINED_PROMPT_TEXTS: readonly string[] = PREDEFINED_PROMPTS.flatMap((c) =>
  c.prompts.map((p) => p.prompt),
);

export const ZAnalyzeRequest = z.object({
  prompt: z
    .string({ error: ASSISTANT_MESSAGES.empty })
    .trim()
    .min(1, { error: ASSISTANT_MESSAGES.empty })
    .max(ASSISTANT_PROMPT_MAX, { error: ASSISTANT_MESSAGES.tooLong }),
  time_range: z
    .enum(INSIGHT_TIME_RANGES, { error: `The time range must be one of: ${INSIGHT_TIME_RANGES.join(', ')}.` })
    .default(DEFAULT_INSIGHT_TIME_RANGE),
});
export type TAnalyzeRequest = z.infer<typeof ZAnalyzeRequest>;

const ZCell = z.union([z.string(), z.number(), z.null()]);

export const ZAnalysisTable = z.object({
  type: z.literal('table'),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), ZCell)),
  /** What was asked for, as understood (period, campaign, amount), and how figures were made. */
  note: z.string(),
});
export const ZAnalysisChart = z.object({
  type: z.literal('chart'),
  title: z.string(),
  chart: z.enum(['line', 'bar']),
  /** Each point's label (a month, a method) and its values by series key; null where a series has none. */
  points: z.array(z.object({ label: z.string(), values: z.record(z.string(), z.number().nullable()) })),
  series: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['line', 'bar', 'band']).optional() })),
  /** Amounts in minor units of this currency, when the values are money. */
  currency: z.string().nullable(),
  note: z.string(),
});
export const ZAnalysisText = z.object({
  type: z.literal('text'),
  title: z.string(),
  text: z.string(),
  /** Questions the analyst can answer, offered when it could not answer this one. */
  suggestions: z.array(z.string()),
});
export const ZAnalysisInsights = z.object({ insights: z.array(ZInsight) });
export const ZAnalysis = z.union([ZAnalysisTable, ZAnalysisChart, ZAnalysisText, ZAnalysisInsights]);
export type TAnalysisTable = z.infer<typeof ZAnalysisTable>;
export type TAnalysisChart = z.infer<typeof ZAnalysisChart>;
export type TAnalysisText = z.infer<typeof ZAnalysisText>;
export type TAnalysis = z.infer<typeof ZAnalysis>;

export const ZAnalyzeResponse = z.object({ status: z.literal('success'), data: ZAnalysis });
export type TAnalyzeResponse = z.infer<typeof ZAnalyzeResponse>;

export const ZAiUserQuery = z.object({ id: z.number(), query: z.string(), queried_at: z.string() });
export type TAiUserQuery = z.infer<typeof ZAiUserQuery>;
export const ZAiUserQueries = z.object({ status: z.literal('success'), data: z.array(ZAiUserQuery) });
export const ZAiUserQueryCreate = z.object({
  query: z
    .string({ error: 'The query is missing.' })
    .trim()
    .min(1, { error: 'The query is missing.' })
    .max(ASSISTANT_PROMPT_MAX, { error: ASSISTANT_MESSAGES.tooLong }),
});
export const ZAiUserQuerySaved = z.object({ status: z.literal('success'), data: ZAiUserQuery });
export const ZAiUserQueriesCleared = z.object({
  status: z.literal('success'),
  data: z.object({ deleted: z.number() }),
});

/** Shortens a custom query's description for the list (spec 01 §5: 60 characters). */
export const shortenQuery = (text: string, max = QUERY_DESCRIPTION_MAX) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
