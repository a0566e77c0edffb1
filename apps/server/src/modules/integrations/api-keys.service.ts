import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type TApiKey,
  type TApiKeyCreated,
  type TApiScope,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { BearerResolver, RequestSession } from '../../platform/http/session-context.ts';
import { consumeOrThrow, createFailureLimiter } from '../../platform/security/rate-limiter.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import { findMembership, permissionsOf } from '../organisations/index.ts';
import * as repo from './api-keys.repository.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };

/** Characters of the key kept in clear to recognise it in lists: the prefix and four more. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

const toApiKey = (row: repo.ApiKeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as TApiScope[],
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export const listApiKeys = async (db: Db, npoId: number): Promise<TApiKey[]> =>
  (await repo.listKeys(db, npoId)).map(toApiKey);

/** A new key: 32 random bytes after the visible prefix; only its SHA-256 is stored. */
export async function createApiKey(
  db: Db,
  actor: Actor,
  input: { name: string; scopes: TApiScope[] },
): Promise<TApiKeyCreated> {
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await db.transaction(async (tx) => {
    const id = await repo.insertKey(tx, {
      npoId: actor.npoId,
      name: input.name,
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      keyHash: sha256Hex(secret),
      scopes: input.scopes,
      createdByUserId: actor.userId,
    });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'api_key.created',
      targetType: 'api_key',
      targetId: id,
      data: { name: input.name, scopes: input.scopes },
      ip: actor.ip,
    });
    return repo.findKey(tx, actor.npoId, id);
  });
  if (!row) throw new Error('the new api key is missing');
  return { key: toApiKey(row), secret };
}

export async function revokeApiKey(db: Db, actor: Actor, id: number): Promise<TApiKey> {
  return db.transaction(async (tx) => {
    if (!(await repo.revokeKey(tx, actor.npoId, id))) {
      const existing = await repo.findKey(tx, actor.npoId, id);
      if (!existing) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
      return toApiKey(existing); // revoked already: the same answer again
    }
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'api_key.revoked',
      targetType: 'api_key',
      targetId: id,
      ip: actor.ip,
    });
    const row = await repo.findKey(tx, actor.npoId, id);
    if (!row) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
    return toApiKey(row);
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The bearer path of the session hook (docs/decisions/069-api-keys-and-webhooks.md): a live key of
 * an organisation acts as the member who created it, in that organisation only, on the routes whose
 * `apiScope` the key holds; every call counts against the key's rate limit. Each change made with a
 * key is audited with the key's id once answered.
 */
export function registerApiKeys(app: FastifyInstance, db: Db, options: { callsPerMinute: number }): BearerResolver {
  const limiter = createFailureLimiter(db, {
    name: 'api-key-calls',
    limit: options.callsPerMinute,
    windowSeconds: 60,
    message: API_KEY_MESSAGES.tooMany,
  });
  // Before the answer leaves (onSend, not onResponse), so a caller that reads the log next sees the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.session?.apiKey;
    if (!key || !UNSAFE_METHODS.has(request.method) || request.session?.selectedNpoId == null) return payload;
    await recordAudit(db, {
      npoId: request.session.selectedNpoId,
      actorUserId: request.session.user.id,
      action: 'api_key.request',
      targetType: 'api_key',
      targetId: key.id,
      data: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
      ip: request.ip ?? null,
    });
    return payload;
  });
  return async (token, request): Promise<RequestSession> => {
    const row = token.startsWith(API_KEY_PREFIX) ? await repo.findLiveKeyByHash(db, sha256Hex(token)) : null;
    const membership = row ? await findMembership(db, row.user.id, row.npoId) : null;
    if (!row || !membership) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalidKey);
    await consumeOrThrow(limiter, `key:${row.id}`);
    const scope = request.routeOptions.config?.apiScope;
    if (!scope || !row.scopes.includes(scope)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.scopeMissing(scope));
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await repo.touchKey(db, row.id);
    return {
      id: `api_key:${row.id}`,
      user: row.user,
      selectedNpoId: membership.npoId,
      roleCode: membership.roleCode,
      roleName: membership.roleName,
      permissions: permissionsOf(membership),
      // A key is made by an admin who passed the organisation's sign-in rules; it has no second factor of its own.
      mfaSetupRequired: false,
      apiKey: { id: row.id, scopes: row.scopes },
    };
  };
}
