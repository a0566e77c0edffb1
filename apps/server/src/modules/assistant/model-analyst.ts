// The optional model-backed assistant (decision 094): with AI_BASE_URL, AI_API_KEY and AI_MODEL set,
// a question goes to an OpenAI-compatible chat-completions endpoint that may call only the built-in
// analyst's fixed read-only queries as tools, for a bounded number of rounds; the server runs each
// call in the session's organisation and shapes the result into the spec's table, chart or text.
// When the endpoint fails, times out or answers nothing usable, the built-in analyst answers and says so.
import type { TAnalysis, TInsightTimeRange } from '@kindling/contracts';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { analyze, type Organisation, organisationOf } from './analyst.ts';
import { runTool, toolDefinitions } from './model-tools.ts';

export type ModelSettings = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/** Tool rounds a question may take before the model must answer: each round runs at most a few queries. */
export const MAX_TOOL_ROUNDS = 4;
/** Tool calls answered per round; more in one message are refused. */
export const MAX_CALLS_PER_ROUND = 3;
/** A query's result sent back to the model is cut to this many characters. */
const TOOL_RESULT_MAX = 12_000;
/** The model's own words kept in the answer. */
const ANSWER_MAX = 4000;

type Input = { prompt: string; time_range: TInsightTimeRange };
type Env = { db: Db; npoId: number; org: Organisation; now: Date; timeRange: TInsightTimeRange };

function systemPrompt(org: Organisation, now: Date, timeRange: TInsightTimeRange): string {
  const campaigns = org.campaigns
    .slice(0, 50)
    .map((c) => c.name)
    .join('; ');
  return [
    `You are the insights assistant of Kindling, a fundraising platform, for the organisation "${org.name}".`,
    "Answer only from the tools' results, which read this organisation's own gifts, donors, campaigns and payments. Call the one tool that answers the question, then answer in two or three plain sentences.",
    `Today is ${dayIn(now, org.zone)} in ${org.zone}; amounts are in ${org.currency}. Without a period in the question, use the staff member's choice: ${timeRange}.`,
    `The organisation's campaigns: ${campaigns || 'none'}.`,
  ].join('\n');
}

/** Why the endpoint gave no answer, in words staff can read under the built-in analyst's answer. */
function reasonOf(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'did not answer in time';
  if (error instanceof OpenAI.APIUserAbortError) return 'did not answer in time';
  if (error instanceof OpenAI.APIConnectionError) return 'could not be reached';
  if (error instanceof OpenAI.APIError && error.status) return `answered with an error (${error.status})`;
  return 'gave no answer';
}

/** The built-in analyst's answer, saying that the AI service did not answer and why. */
async function fallback(db: Db, npoId: number, input: Input, now: Date, reason: string): Promise<TAnalysis> {
  const answer = await analyze(db, npoId, input, now);
  const said = `The AI service ${reason}, so Kindling's built-in analyst answered.`;
  if ('insights' in answer) return answer;
  if (answer.type === 'text') return { ...answer, text: `${said} ${answer.text}` };
  return { ...answer, note: `${said} ${answer.note}` };
}

/** The model's words over the last query's result: a table or chart keeps its shape, with the words in its note. */
function shape(results: TAnalysis[], words: string, model: string): TAnalysis | null {
  const by = `Answered by ${model} with Kindling's read-only queries.`;
  const last = results.at(-1);
  if (!last || 'insights' in last) {
    if (!words) return null;
    return { type: 'text', title: 'Answer', text: `${words}\n\n${by}`, suggestions: [] };
  }
  if (last.type === 'text') return { ...last, text: words ? `${words}\n\n${last.text}` : last.text, suggestions: [] };
  return { ...last, note: [words, last.note, by].filter(Boolean).join(' ') };
}

/** Runs one round's tool calls and adds their results (or refusals) to the conversation. */
async function answerCalls(
  calls: OpenAI.Chat.Completions.ChatCompletionMessageToolCall[],
  env: Env,
  messages: ChatCompletionMessageParam[],
  results: TAnalysis[],
) {
  for (const [i, call] of calls.entries()) {
    const outcome =
      call.type !== 'function'
        ? { ok: false as const, refusal: 'Refused: only function tools are offered.' }
        : i >= MAX_CALLS_PER_ROUND
          ? { ok: false as const, refusal: `Refused: at most ${MAX_CALLS_PER_ROUND} tool calls a round.` }
          : await runTool({ name: call.function.name, arguments: call.function.arguments }, env);
    if (outcome.ok) results.push(outcome.analysis);
    const content = outcome.ok ? JSON.stringify(outcome.analysis).slice(0, TOOL_RESULT_MAX) : outcome.refusal;
    messages.push({ role: 'tool', tool_call_id: call.id, content });
  }
}

export async function analyzeWithModel(
  db: Db,
  npoId: number,
  input: Input,
  settings: ModelSettings,
  now = new Date(),
): Promise<TAnalysis> {
  const org = await organisationOf(db, npoId);
  const env: Env = { db, npoId, org, now, timeRange: input.time_range };
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey, maxRetries: 0 });
  const deadline = Date.now() + settings.timeoutMs;
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(org, now, input.time_range) },
    { role: 'user', content: input.prompt },
  ];
  const tools = toolDefinitions();
  const results: TAnalysis[] = [];
  try {
    for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new OpenAI.APIConnectionTimeoutError();
      const completion = await client.chat.completions.create(
        // The last round offers no tools: the model must answer with what it has.
        {
          model: settings.model,
          messages,
          ...(round < MAX_TOOL_ROUNDS ? { tools, tool_choice: 'auto' as const } : {}),
        },
        { timeout: remaining },
      );
      const message = completion.choices[0]?.message;
      if (!message) break;
      const calls = message.tool_calls ?? [];
      if (!calls.length || round === MAX_TOOL_ROUNDS) {
        const shaped = shape(results, (message.content ?? '').trim().slice(0, ANSWER_MAX), settings.model);
        return shaped ?? (await fallback(db, npoId, input, now, 'gave no answer'));
      }
      messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
      await answerCalls(calls, env, messages, results);
    }
    return shape(results, '', settings.model) ?? (await fallback(db, npoId, input, now, 'gave no answer'));
  } catch (error) {
    // Only the endpoint's failures fall back; a failing query of our own is a server error.
    if (!(error instanceof OpenAI.OpenAIError)) throw error;
    return fallback(db, npoId, input, now, reasonOf(error));
  }
}
