import { MESSAGES, type TRoleCode } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { organisation, selectResponse, signedInSession, signedOutSession } from '../../../test/fixtures.ts';
import { type RenderOptions, renderRoutes } from '../../../test/render.tsx';
import { SelectNpoPage } from './SelectNpoPage.tsx';

const riverside = organisation(1, 5150, 'Riverside Food Bank');
const hillside = organisation(2, 1123, 'Hillside Animal Rescue');
const two = [riverside, hillside];

function renderSelect(session = signedInSession(5150, two), entry: RenderOptions['initialEntries'] = ['/select-npo']) {
  return renderRoutes([{ path: '/select-npo', element: <SelectNpoPage /> }], { initialEntries: entry, session });
}

describe('/select-npo (docs/product/sign-in.md#after-sign-in)', () => {
  it.each([
    [7789, '/console'],
    [1123, '/peer-dashboard'],
    [5150, '/dashboard/home'],
    [6635, '/dashboard/home'],
  ] as const)('after choosing an organisation where the role is %s, goes to %s', async (code: TRoleCode, expected) => {
    const fetchStub = stubFetch({ 'GET /npo_admin/select_npo': { body: selectResponse(hillside, code) } });
    const { router } = renderSelect();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Hillside Animal Rescue/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent(expected);
    expect(router.state.historyAction).toBe('REPLACE');
    const query = fetchStub.callsTo('GET', '/npo_admin/select_npo')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ npo_id: '2', role_name: 'fundraiser', code: '1123' });
  });

  it('disables every organisation while the select call runs', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    stubFetch({ 'GET /npo_admin/select_npo': () => new Promise((resolve) => (answer = resolve)) });
    renderSelect();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Riverside Food Bank/ }));
    await waitFor(() => {
      for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    });
    answer({ body: selectResponse(riverside, 5150) });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/home');
  });

  it('returns to the remembered page when the chosen role may open it', async () => {
    stubFetch({ 'GET /npo_admin/select_npo': { body: selectResponse(riverside, 5150) } });
    renderSelect(undefined, [{ pathname: '/select-npo', state: { from: { pathname: '/dashboard/donors' } } }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: /Riverside Food Bank/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/donors');
  });

  it('shows the server message and re-enables the list when the call fails', async () => {
    stubFetch({
      'GET /npo_admin/select_npo': { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Not found' } },
    });
    renderSelect();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Riverside Food Bank/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('button', { name: /Riverside Food Bank/ })).toBeEnabled();
  });

  it('searches a long list and says when nothing matches', async () => {
    stubFetch({});
    const many = [1, 2, 3, 4, 5, 6].map((id) => organisation(id, 5150, `Charity number ${id}`));
    renderSelect(signedInSession(5150, many));
    const user = userEvent.setup();
    const search = await screen.findByRole('textbox', { name: 'Search organisations' });
    await user.type(search, 'number 4');
    const list = screen.getByRole('list', { name: 'Your organisations' });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText(MESSAGES.noOrganisationsFound)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.tryAdjustingSearch)).toBeInTheDocument();
  });

  it('has no search box for a short list', async () => {
    stubFetch({});
    renderSelect();
    await screen.findByRole('button', { name: /Riverside Food Bank/ });
    expect(screen.queryByRole('textbox', { name: 'Search organisations' })).not.toBeInTheDocument();
  });

  it('says when the user has no organisation at all', async () => {
    stubFetch({});
    renderSelect(signedInSession(5150, []));
    expect(await screen.findByText(MESSAGES.noOrganisationsAvailable)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    stubFetch({});
    renderSelect(signedOutSession);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
