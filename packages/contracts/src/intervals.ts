import { z } from 'zod';
import { GIVING_INTERVALS, parseInterval } from './interval-rules.ts';

export * from './interval-rules.ts';

/** A stored interval, exactly one of GIVING_INTERVALS (for read shapes). */
export const ZGivingIntervalValue = z.enum(GIVING_INTERVALS);

/** An interval in a request: any accepted spelling in, the canonical value out. */
export const ZGivingInterval = z.preprocess(
  (value) => parseInterval(value) ?? value,
  z.enum(GIVING_INTERVALS, { error: 'Choose once-off, daily, weekly, monthly, quarterly or yearly' }),
);
