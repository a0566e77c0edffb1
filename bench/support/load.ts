// HTTP load through autocannon, summarised the same way by every benchmark.
import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export const describeLoad = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, latency p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requests} requests, ` +
  `${r.errors} errors, ${r.non2xx} non-2xx`;
