// "Added to a segment" for a rule-based segment (docs/product/crm-workflow-automation.md#triggers,
// decision 098): the hourly sweep keeps the segment's members, the contacts already in it when the
// workflow began watching are a baseline, and a newcomer starts one run, again only after leaving.
import { ZWorkflow, ZWorkflowRunList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { signedIn } from '../team/team.test-support.ts';
import { sweepTriggers } from './workflow-engine.ts';

const API = '/api/v1/npo_admin/workflows';
const TAG = 'wf-rule-volunteer';

describe('a rule-based segment starts a workflow', () => {
  const ctx = useTestApp();
  let staff: TestClient;
  let npoId = 0;
  let contacts: number[] = [];

  const tag = async (id: number) => {
    const res = await staff.post('/api/v1/npo_admin/contacts/bulk', { action: 'tag', ids: [id], tag: TAG });
    expect(res.statusCode, res.body).toBe(200);
  };
  const untag = (id: number) =>
    ctx.db.execute(sql`UPDATE contact_details SET tags = array_remove(tags, ${TAG}::text) WHERE donor_id = ${id}`);
  const runsOf = async (id: number) => ZWorkflowRunList.parse((await staff.get(`${API}/${id}/runs`)).json()).runs;

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    npoId = Number(
      (
        await ctx.db.execute<{ npo_id: string }>(sql`SELECT npo_id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE u.email = 'staff@kindling.test' LIMIT 1`)
      ).rows[0]?.npo_id,
    );
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`SELECT d.id FROM donors d JOIN donor_giving g ON g.donor_id = d.id
        WHERE d.npo_id = ${npoId} AND d.email <> '' ORDER BY d.id LIMIT 3`,
    );
    contacts = rows.map((r) => Number(r.id));
    expect(contacts).toHaveLength(3);
  });

  it('starts for a contact who joins after the baseline, once, and again after leaving and coming back', {
    timeout: 120_000,
  }, async () => {
    const [already, newcomer, other] = contacts as [number, number, number];
    await tag(already);
    const segment = await staff.post('/api/v1/npo_admin/segments', {
      name: 'Workflow volunteers',
      rules: { match: 'all', rules: [{ field: 'tag', operator: 'has', value: TAG }] },
    });
    expect(segment.statusCode, segment.body).toBe(201);
    const segmentId = Number(segment.json().id);
    const created = await staff.post(API, {
      name: 'Welcome a volunteer',
      trigger: { kind: 'segment_added', segment_id: segmentId },
      steps: [{ action: { kind: 'create_task', title: 'Call the new volunteer', due_in_days: 2 } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const wf = ZWorkflow.parse(created.json());

    // The first sweep takes the baseline: a contact already in the segment starts nothing.
    await sweepTriggers(ctx.db);
    expect(await runsOf(wf.id)).toHaveLength(0);

    await tag(newcomer);
    await sweepTriggers(ctx.db);
    const first = await runsOf(wf.id);
    expect(first.map((r) => r.contact_id)).toEqual([newcomer]);
    expect(first[0]?.trigger_key).toMatch(new RegExp(`^list-${segmentId}-\\d+$`));

    // Read again: the same addition is no new run.
    await sweepTriggers(ctx.db);
    expect(await runsOf(wf.id)).toHaveLength(1);

    // Leaving, then coming back (a second later, so the addition has a new time) is a new addition.
    await untag(newcomer);
    await sweepTriggers(ctx.db);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await tag(newcomer);
    await sweepTriggers(ctx.db);
    const again = await runsOf(wf.id);
    expect(again.filter((r) => r.contact_id === newcomer)).toHaveLength(2);
    expect(new Set(again.map((r) => r.trigger_key)).size).toBe(2);
    expect(again.some((r) => r.contact_id === already || r.contact_id === other)).toBe(false);
  });

  it('watches again from a new baseline after a pause: who joined meanwhile starts nothing', {
    timeout: 120_000,
  }, async () => {
    const [, , other] = contacts as [number, number, number];
    const tag2 = `${TAG}-paused`;
    const segment = await staff.post('/api/v1/npo_admin/segments', {
      name: 'Workflow paused volunteers',
      rules: { match: 'all', rules: [{ field: 'tag', operator: 'has', value: tag2 }] },
    });
    const segmentId = Number(segment.json().id);
    const wf = ZWorkflow.parse(
      (
        await staff.post(API, {
          name: 'Paused volunteer welcome',
          trigger: { kind: 'segment_added', segment_id: segmentId },
          steps: [{ action: { kind: 'notify_staff', message: 'joined the volunteers.' } }],
        })
      ).json(),
    );
    await sweepTriggers(ctx.db);
    expect((await staff.put(`${API}/${wf.id}/status`, { status: 'paused' })).statusCode).toBe(200);
    await sweepTriggers(ctx.db);
    const res = await staff.post('/api/v1/npo_admin/contacts/bulk', { action: 'tag', ids: [other], tag: tag2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await staff.put(`${API}/${wf.id}/status`, { status: 'active' })).statusCode).toBe(200);
    await sweepTriggers(ctx.db);
    expect(await runsOf(wf.id)).toHaveLength(0);
  });

  it('offers any segment to the trigger, but adds only to a hand-picked list', async () => {
    const { rows } = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM segments WHERE npo_id = ${npoId} AND kind = 'dynamic' LIMIT 1`,
    );
    const dynamicId = Number(rows[0]?.id);
    const res = await staff.post(API, {
      name: 'Add to a rule segment',
      trigger: { kind: 'any_gift' },
      steps: [{ action: { kind: 'add_to_list', segment_id: dynamicId } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('it is not a hand-picked list');
  });

  it('has a demo workflow started by the rule-based segment “Monthly donors”, with runs', async () => {
    const list = (await staff.get(API)).json().workflows as Array<{ id: number; name: string; trigger: unknown }>;
    const demo = list.find((w) => w.name === 'New monthly donor: thank you and a call');
    expect(demo).toBeDefined();
    const segment = await staff.get(
      `/api/v1/npo_admin/segments/${(demo?.trigger as { segment_id?: number } | undefined)?.segment_id}`,
    );
    expect(segment.json()).toMatchObject({ name: 'Monthly donors', kind: 'dynamic' });
    expect((await runsOf(demo?.id ?? 0)).length).toBeGreaterThan(0);
  });

  it('gives a task step to a member of staff, never to a peer fundraiser or someone of another organisation', async () => {
    const idOf = async (email: string) =>
      Number((await ctx.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email}`)).rows[0]?.id);
    const task = (assignee: number) => ({
      name: `Task for ${assignee}`,
      trigger: { kind: 'any_gift' },
      steps: [{ action: { kind: 'create_task', title: 'Call', assignee_user_id: assignee } }],
    });
    const manager = await idOf('manager@kindling.test');
    const ok = await staff.post(API, task(manager));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ZWorkflow.parse(ok.json()).steps[0]?.action).toMatchObject({ assignee_user_id: manager });
    for (const id of [await idOf('fundraiser@kindling.test'), 999_999]) {
      const res = await staff.post(API, task(id));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The task owner is not a member of this organisation.');
    }
  });
});
