import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The team journey signs the demo TOTP admin in (handing out its first backup codes) and changes
 * the organisation's sign-in policy; the sign-in journey asserts that first sign-in. Vitest orders
 * files by size or past duration, so the team journey is put last whatever that order is.
 */
class TeamJourneyLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isTeam = (f: TestSpecification) => f.moduleId.endsWith('/specs/team.spec.ts');
    return [...sorted.filter((f) => !isTeam(f)), ...sorted.filter(isTeam)];
  }
}

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    env: { TZ: 'UTC' },
    // One server and one browser are shared; files run one after another on two cores.
    fileParallelism: false,
    sequence: { sequencer: TeamJourneyLast },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
