// A lean keep-alive JSON client for benchmarks that send distinct bodies (autocannon repeats one).
// fetch() costs the load generator about a millisecond of CPU per request, and the load generator
// shares the machine's cores with the server it measures.
import http from 'node:http';

export type JsonAnswer<T> = { status: number; json: T };

export function jsonClient(base: string, options: { sockets: number; headers?: Record<string, string> }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets });
  const post = <T>(path: string, body: unknown): Promise<JsonAnswer<T>> =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, ...options.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve({
                status: response.statusCode ?? 0,
                json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T,
              });
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
