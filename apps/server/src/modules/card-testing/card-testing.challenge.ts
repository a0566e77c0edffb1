// The proof-of-work asked of the donation form during a card-testing burst (ALTCHA, self-hosted:
// no third-party service). A challenge is signed, names the campaign and the client address it was
// issued to, expires after a few minutes, and its solution opens exactly one intent.
import { CHALLENGE_MESSAGES } from '@kindling/contracts';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hmacHex, sha256Hex } from '../../platform/security/tokens.ts';
import { cardTestingSolutions } from './card-testing.tables.ts';

const ALGORITHM = 'PBKDF2/SHA-256';
const VALID_MINUTES = 10;

export type ChallengeFor = { campaignId: number; clientAddress: string };

export type PaymentChallenges = {
  issue: (to: ChallengeFor) => Promise<Challenge>;
  /** Accepts a solved challenge once, for the client and campaign it was issued to; else CHALLENGE_REQUIRED. */
  redeem: (payload: string | undefined, by: ChallengeFor) => Promise<void>;
};

const refuse = (message: string) => new AppError('CHALLENGE_REQUIRED', message);

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    return parsed?.challenge?.parameters && parsed.solution ? parsed : null;
  } catch {
    return null;
  }
}

export function createPaymentChallenges(db: Db, config: Config): PaymentChallenges {
  const hmacSignatureSecret = hmacHex(config.sessionSecret, 'card-testing-challenge');
  const hmacKeySignatureSecret = hmacHex(config.sessionSecret, 'card-testing-challenge-key');
  // The address is bound by a keyed digest: the challenge travels through the browser.
  const clientTag = (address: string) => hmacHex(hmacSignatureSecret, `client:${address}`).slice(0, 24);
  const maxCounter = config.CARD_TESTING_POW_MAX_COUNTER;

  return {
    issue: ({ campaignId, clientAddress }) =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: config.CARD_TESTING_POW_COST,
        counter: randomInt(maxCounter, Math.floor(maxCounter / 3)),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + VALID_MINUTES * 60_000),
        data: { campaign: campaignId, client: clientTag(clientAddress) },
      }),
    redeem: async (payload, { campaignId, clientAddress }) => {
      if (!payload) throw refuse(CHALLENGE_MESSAGES.required);
      const parsed = parsePayload(payload);
      const data = parsed?.challenge.parameters.data;
      if (!parsed || data?.campaign !== campaignId || data.client !== clientTag(clientAddress)) {
        throw refuse(CHALLENGE_MESSAGES.wrong);
      }
      // With the key signature the check is one HMAC: the server never re-derives the key.
      const result = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      if (!result.verified) throw refuse(CHALLENGE_MESSAGES.wrong);
      const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
      const spent = await db
        .insert(cardTestingSolutions)
        .values({ digest: sha256Hex(parsed.challenge.parameters.nonce), expiresAt })
        .onConflictDoNothing()
        .returning({ digest: cardTestingSolutions.digest });
      if (spent.length === 0) throw refuse(CHALLENGE_MESSAGES.used);
      // Solutions are only spent during bursts, so forgetting the expired ones here stays cheap.
      await db.delete(cardTestingSolutions).where(lt(cardTestingSolutions.expiresAt, sql`now()`));
    },
  };
}
