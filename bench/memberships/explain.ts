// EXPLAIN ANALYZE of the members list's queries (the page and its count) for each of the bench's
// filters, run through the list's own code with every statement prefixed: the database's execution
// time beside the HTTP figures, which on a loaded machine mostly measure the wait for a core.
import { ZMembershipListQuery } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { listMemberships } from '../../apps/server/src/modules/memberships/members.service.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
type Explained = { ms: number; indexes: string[] };

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [`${node['Node Type']} ${node['Index Name']}`] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** The list's statements for one query string, each EXPLAIN ANALYZEd (the fastest of `runs`). */
export async function explainList(db: Db, npoId: number, query: string, runs = 5): Promise<Explained[]> {
  const best: Explained[] = [];
  for (let run = 0; run < runs; run++) {
    const seen: Explained[] = [];
    const explaining = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (statement: SQL) => {
          const { rows } = await target.execute<{ 'QUERY PLAN': [{ 'Execution Time': number; Plan: PlanNode }] }>(
            sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
          );
          const plan = rows[0]?.['QUERY PLAN'][0];
          // The page first, the count second, whichever finished first.
          const entry = { ms: plan?.['Execution Time'] ?? 0, indexes: plan ? indexesOf(plan.Plan) : [] };
          seen[plan?.Plan['Node Type'] === 'Aggregate' ? 1 : 0] = entry;
          return { rows: [] };
        };
      },
    });
    await listMemberships(
      explaining,
      npoId,
      ZMembershipListQuery.parse(Object.fromEntries(new URLSearchParams(query))),
    );
    seen.forEach((s, i) => {
      const b = best[i];
      if (!b || s.ms < b.ms) best[i] = s;
    });
  }
  return best;
}
