import { loadConfig } from '../src/platform/config/config.ts';

/** The TOTP key a test app gets unless its env sets one: the key the run's seeded template uses. */
export const testTotpKey = (): Buffer => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).totpKey;
