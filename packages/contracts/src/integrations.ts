import { z } from 'zod';

/**
 * API keys (docs/product/integrations.md#api-keys): an organisation's programs call the same
 * /api/v1 routes as its staff, with `Authorization: Bearer kdl_live_…`, limited to the key's scopes.
 */

/** Each scope opens the routes that declare it (route config `apiScope`); a route declaring none is closed to keys. */
export const API_SCOPES = ['donations:read', 'donors:read', 'donors:write', 'campaigns:read', 'plans:read'] as const;
export type TApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<TApiScope, string> = {
  'donations:read': 'Read donations',
  'donors:read': 'Read donors',
  'donors:write': 'Change donors',
  'campaigns:read': 'Read campaigns',
  'plans:read': 'Read recurring plans',
};

/** What every key starts with; the next characters (shown in lists) tell keys apart. */
export const API_KEY_PREFIX = 'kdl_live_';

export const API_KEY_MESSAGES = {
  name: 'Give the key a name, up to 80 characters.',
  scopes: 'Choose at least one permission for the key.',
  notFound: 'API key not found.',
  invalidKey: 'This API key is not valid or was revoked.',
  scopeMissing: (scope: string | undefined) =>
    scope
      ? `This API key does not have the “${API_SCOPE_LABELS[scope as TApiScope] ?? scope}” permission.`
      : 'This call is not open to API keys.',
  tooMany: 'Too many calls with this API key. Please slow down and try again shortly.',
} as const;

export const ZApiKeyInput = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.name).max(80, API_KEY_MESSAGES.name),
  scopes: z
    .array(z.enum(API_SCOPES, { message: API_KEY_MESSAGES.scopes }))
    .min(1, API_KEY_MESSAGES.scopes)
    .transform((s) => [...new Set(s)]),
});
export type TApiKeyInput = z.input<typeof ZApiKeyInput>;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, e.g. `kdl_live_3fA9`, to recognise it; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** The answer to creating a key: the only time its secret is sent. */
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
