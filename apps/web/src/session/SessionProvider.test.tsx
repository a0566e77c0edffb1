import { MESSAGES } from '@kindling/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { organisation, refreshResponse } from '../test/fixtures.ts';
import { SessionProvider } from './SessionProvider.tsx';
import { useSession } from './session-context.ts';
import type { SessionValue } from './session-types.ts';

let current: SessionValue | null = null;
function Probe() {
  current = useSession();
  return <p>{`${current.phase} ${current.loggedIn ? 'in' : 'out'} ${current.email || '-'}`}</p>;
}

function renderProvider() {
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('SessionProvider', () => {
  it('asks the server once at start and keeps the session it returns', async () => {
    const fetchStub = stubFetch({ 'GET /refresh': { body: refreshResponse([organisation(1, 2001)], 2001) } });
    renderProvider();
    expect(screen.getByText(/^checking out -/)).toBeInTheDocument();
    expect(await screen.findByText('ready in ada@kindling.test')).toBeInTheDocument();
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1);
    expect(current?.role).toBe(2001);
    expect(current?.selectedNpo?.id).toBe(1);
  });

  it('is signed out when there is no session', async () => {
    stubFetch({ 'GET /refresh': { status: 401, body: { status: 401, code: 'X', message: MESSAGES.notSignedIn } } });
    renderProvider();
    expect(await screen.findByText('ready out -')).toBeInTheDocument();
  });

  it('logs out with POST and clears everything', async () => {
    const fetchStub = stubFetch({
      'GET /refresh': { body: refreshResponse([organisation(1, 5150)], 5150) },
      'POST /logout': { status: 204 },
    });
    renderProvider();
    await screen.findByText('ready in ada@kindling.test');
    await act(() => current?.logout('POST') ?? Promise.resolve());
    await waitFor(() => expect(screen.getByText('ready out -')).toBeInTheDocument());
    expect(fetchStub.callsTo('POST', '/logout')).toHaveLength(1);
    expect(current).toMatchObject({ userId: null, npos: [], selectedNpo: null, role: null, npoCampaigns: null });
  });
});
