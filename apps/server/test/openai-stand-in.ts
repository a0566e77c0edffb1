import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an OpenAI-compatible chat-completions endpoint (decision 094). It records
// every request, refuses a wrong key or model as such an endpoint does (401, 404), and answers each
// request with the next scripted step: a tool call, a final message, an error or no answer at all.

export type ChatRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
    tool_choice?: unknown;
  };
};

/** One scripted answer: tool calls, a final text, an HTTP error, or silence (the client times out). */
export type Step =
  | { calls: { name: string; arguments: Record<string, unknown> | string }[] }
  | { text: string }
  | { status: number; message: string }
  | { hang: true };

const completion = (message: Record<string, unknown>, finish: string) => ({
  id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model: 'stand-in',
  choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

export async function startOpenAiStandIn(options: { apiKey: string; model: string }) {
  const requests: ChatRequest[] = [];
  let steps: Step[] = [];
  let callNumber = 0;
  const hanging: http.ServerResponse[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } });
      const body = JSON.parse(raw) as ChatRequest['body'];
      requests.push({ path: req.url, authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`)
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      if (body.model !== options.model)
        return send(404, {
          error: { message: `The model ${body.model} does not exist`, type: 'invalid_request_error' },
        });
      const step = steps.shift() ?? { text: 'The script has no more steps.' };
      if ('hang' in step) {
        hanging.push(res);
        return;
      }
      if ('status' in step) return send(step.status, { error: { message: step.message, type: 'server_error' } });
      if ('text' in step) return send(200, completion({ role: 'assistant', content: step.text }, 'stop'));
      const tool_calls = step.calls.map((c) => ({
        id: `call_${++callNumber}`,
        type: 'function',
        function: {
          name: c.name,
          arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
        },
      }));
      return send(200, completion({ role: 'assistant', content: null, tool_calls }, 'tool_calls'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces the script: each request takes the next step. */
    script(next: Step[]) {
      steps = [...next];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
