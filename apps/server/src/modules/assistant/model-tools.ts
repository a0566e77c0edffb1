// The built-in analyst's fixed queries offered to an OpenAI-compatible model as tools (decision 094).
// A tool call names one query and its period, campaign, amounts and count; the arguments are checked
// against a strict schema (an organisation id, SQL or any other argument is refused), a campaign must
// be one of the organisation's own, and the query always runs in the session's organisation.
import { INSIGHT_TIME_RANGE_DAYS, type TAnalysis, type TInsightTimeRange } from '@kindling/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { type Organisation, runQuery } from './analyst.ts';
import { INTENTS, type Intent, lastDays, type Period, periodOf, type Question } from './parse.ts';

const PERIODS = [
  'today',
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'last_365_days',
] as const;

export const ZToolArguments = z.strictObject({
  period: z
    .enum(PERIODS)
    .optional()
    .describe(
      "The period, in the organisation's time zone. Left out: the period the staff member chose (the last 30 days by default).",
    ),
  year: z.number().int().min(2000).max(2100).optional().describe('A calendar year instead of a period, e.g. 2025.'),
  campaign: z.string().max(200).optional().describe("One of the organisation's campaign names, exactly as listed."),
  min_amount: z.number().min(0).optional().describe("Smallest gift, in whole units of the organisation's currency."),
  max_amount: z.number().min(0).optional().describe("Largest gift, in whole units of the organisation's currency."),
  limit: z.number().int().min(1).max(50).optional().describe('How many rows, for top donors and lapsed donors.'),
  horizon: z.enum(['month', 'quarter']).optional().describe('For the forecast: the next month or the next quarter.'),
});
export type ToolArguments = z.infer<typeof ZToolArguments>;

const DESCRIPTIONS: Record<Intent, string> = {
  top_donors: 'The largest givers in the period: gifts, total, largest gift and last gift.',
  lapsed_donors:
    'Donors who gave in the same length of time before the period and not since (the last 365 days by default).',
  donation_frequency: 'How often donors gave in the period, as a bar chart, with the median time between gifts.',
  campaign_comparison: 'Campaigns compared by raised, gifts, donors and goal in the period.',
  underperforming_campaigns: 'Active campaigns behind the pace their goal needs by now.',
  campaign_optimization: 'What to change in each campaign, from its own figures.',
  forecast:
    'Forecast of next month or quarter as a line chart with an 80% interval, backtested on the organisation’s own history.',
  churn_risk: 'Donors most at risk of stopping, from the churn model, with its quality (AUC).',
  growth: 'Giving month by month over the last full months, as a bar chart.',
  payment_methods: 'Gifts, amounts and failure rates by payment method in the period.',
  failed_payments: 'Failed payments in the period with donor, amount and reason.',
  fraud: 'Signs of fraud: card-testing bursts, refunds and disputes.',
};

/** The tools list sent with every request: one function per fixed query, parameters from the zod schema. */
export function toolDefinitions() {
  const { $schema: _, ...parameters } = z.toJSONSchema(ZToolArguments) as Record<string, unknown>;
  return INTENTS.map((name) => ({
    type: 'function' as const,
    function: { name, description: DESCRIPTIONS[name], parameters },
  }));
}

export type ToolOutcome = { ok: true; analysis: TAnalysis } | { ok: false; refusal: string };

const refuse = (refusal: string): ToolOutcome => ({ ok: false, refusal: `Refused: ${refusal}` });

/** The period the arguments name, or null when they name none. */
function periodFrom(args: ToolArguments, now: Date, zone: string): Period | null {
  if (args.year) return periodOf(`in ${args.year}`, now, zone);
  if (args.period) return periodOf(args.period.replaceAll('_', ' '), now, zone);
  return null;
}

/** Checks a tool call and runs its query in `npoId`; anything off the fixed list is refused, not run. */
export async function runTool(
  call: { name: string; arguments: string },
  env: { db: Db; npoId: number; org: Organisation; now: Date; timeRange: TInsightTimeRange },
): Promise<ToolOutcome> {
  if (!(INTENTS as readonly string[]).includes(call.name))
    return refuse(`there is no tool named "${call.name}". The tools are: ${INTENTS.join(', ')}.`);
  let raw: unknown;
  try {
    raw = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return refuse('the arguments are not valid JSON.');
  }
  const parsed = ZToolArguments.safeParse(raw);
  if (!parsed.success) {
    const unknown = parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
    return refuse(
      unknown.length
        ? `unknown arguments ${unknown.join(', ')}. Every query runs in the signed-in organisation only; no other arguments are taken.`
        : `bad arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'} ${i.message}`).join('; ')}.`,
    );
  }
  const args = parsed.data;
  const campaign = args.campaign
    ? (env.org.campaigns.find((c) => c.name.trim().toLowerCase() === args.campaign?.trim().toLowerCase()) ?? null)
    : null;
  if (args.campaign && !campaign) return refuse(`this organisation has no campaign named "${args.campaign}".`);
  const named = periodFrom(args, env.now, env.org.zone);
  const q: Question = {
    intent: call.name as Intent,
    period: named ?? lastDays(INSIGHT_TIME_RANGE_DAYS[env.timeRange], env.now, env.org.zone),
    periodNamed: named !== null,
    campaign,
    minAmount: args.min_amount != null ? Math.round(args.min_amount * 100) : null,
    maxAmount: args.max_amount != null ? Math.round(args.max_amount * 100) : null,
    limit: args.limit ?? 10,
    horizon: args.horizon ?? 'month',
  };
  return { ok: true, analysis: await runQuery(env.db, env.npoId, env.org, q, env.now) };
}
