// The assistant's forecast (docs/product/insights.md#forecast): two simple methods on monthly totals,
// each backtested on the organisation's own past months; the one with the smaller error forecasts,
// and its backtest error gives the interval. Pure.

export type ForecastMethod = 'moving_average' | 'seasonal_naive';
export type Forecast = {
  method: ForecastMethod;
  /** Forecast total of the next `horizon` months. */
  value: number;
  low: number;
  high: number;
  /** Mean absolute percentage error of the chosen method over the backtest origins. */
  mape: number | null;
  rmse: number;
  backtests: number;
};

export const METHOD_NAMES: Record<ForecastMethod, string> = {
  moving_average: 'the average of the last three full months',
  seasonal_naive: 'the same months a year earlier',
};

/** z for an 80 % interval, assuming roughly normal backtest errors. */
const Z80 = 1.2816;
const BACKTEST_ORIGINS = 6;

/** The forecast of the `horizon` months after `history` (full months, oldest first) by `method`. */
export function predict(history: number[], horizon: number, method: ForecastMethod): number | null {
  if (method === 'moving_average') {
    if (history.length < 3) return null;
    const last = history.slice(-3);
    return (horizon * last.reduce((a, b) => a + b, 0)) / 3;
  }
  if (history.length < 12) return null;
  let sum = 0;
  for (let h = 0; h < horizon; h++) sum += history[history.length - 12 + h] ?? 0;
  return sum;
}

/** Errors of `method` forecasting `horizon` months from each of the last origins whose outcome is known. */
export function backtest(months: number[], horizon: number, method: ForecastMethod) {
  const errors: { error: number; actual: number }[] = [];
  for (let k = 0; k < BACKTEST_ORIGINS; k++) {
    const origin = months.length - horizon - k;
    if (origin <= 0) break;
    const guess = predict(months.slice(0, origin), horizon, method);
    if (guess === null) continue;
    const actual = months.slice(origin, origin + horizon).reduce((a, b) => a + b, 0);
    errors.push({ error: actual - guess, actual });
  }
  return errors;
}

/** The better of the two methods on the organisation's own history, or null with under four months. */
export function forecast(months: number[], horizon: number): Forecast | null {
  let best: Forecast | null = null;
  for (const method of ['moving_average', 'seasonal_naive'] as const) {
    const value = predict(months, horizon, method);
    const errors = backtest(months, horizon, method);
    if (value === null || errors.length < 1) continue;
    const rmse = Math.sqrt(errors.reduce((a, e) => a + e.error ** 2, 0) / errors.length);
    const counted = errors.filter((e) => e.actual > 0);
    const mape = counted.length
      ? (100 * counted.reduce((a, e) => a + Math.abs(e.error) / e.actual, 0)) / counted.length
      : null;
    const candidate: Forecast = {
      method,
      value,
      low: Math.max(0, value - Z80 * rmse),
      high: value + Z80 * rmse,
      mape,
      rmse,
      backtests: errors.length,
    };
    if (!best || candidate.rmse < best.rmse) best = candidate;
  }
  return best;
}
