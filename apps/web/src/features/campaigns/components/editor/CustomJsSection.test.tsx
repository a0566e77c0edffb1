import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub.ts';
import { signedInSession } from '../../../../test/fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { staffCampaign } from '../../editor-test-support.ts';
import { CustomJsSection } from './CustomJsSection.tsx';

const render = (code: 5150 | 2001, parentCampaignId: number | null = null) =>
  renderRoutes(
    [{ path: '/x', element: <CustomJsSection campaignId={7} saved="" parentCampaignId={parentCampaignId} /> }],
    { initialEntries: ['/x'], session: signedInSession(code) },
  );

describe('custom JS in the campaign editor', () => {
  it('lets an administrator save the script on its own, and shows the server’s refusal', async () => {
    const stub = stubFetch({
      'PUT /npo_admin/campaigns/7/custom_js': (call) =>
        (call.body as { custom_js: string }).custom_js === 'oops('
          ? { status: 400, body: { status: 400, code: 'VALIDATION_FAILED', message: 'The script does not parse: x.' } }
          : { body: staffCampaign(7) },
    });
    const user = userEvent.setup();
    render(5150);
    const field = screen.getByLabelText('Script');
    await user.click(field);
    await user.paste('oops(');
    await user.click(screen.getByRole('button', { name: 'Save script' }));
    expect(await screen.findByText('The script does not parse: x.')).toBeInTheDocument();
    await user.clear(field);
    await user.paste('window.ok = 1;');
    await user.click(screen.getByRole('button', { name: 'Save script' }));
    expect(await screen.findByText('Script saved')).toBeInTheDocument();
    expect(stub.callsTo('PUT', '/npo_admin/campaigns/7/custom_js').map((c) => c.body)).toEqual([
      { custom_js: 'oops(' },
      { custom_js: 'window.ok = 1;' },
    ]);
  });

  it('shows finance the script read-only, without a Save button', () => {
    stubFetch({});
    render(2001);
    expect(screen.getByLabelText('Script')).toBeDisabled();
    expect(screen.getByText('Only organisation administrators can change the campaign’s script.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save script' })).not.toBeInTheDocument();
  });

  it('has no script of its own on a fundraiser page', () => {
    stubFetch({});
    render(5150, 3);
    expect(screen.queryByLabelText('Script')).not.toBeInTheDocument();
    expect(
      screen.getByText('A fundraiser page runs the custom script of the campaign it raises for.'),
    ).toBeInTheDocument();
  });
});
