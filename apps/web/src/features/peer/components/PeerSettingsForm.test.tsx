import type { TPeerSettings } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PeerSettingsForm } from './PeerSettingsForm.tsx';

const settings: TPeerSettings = {
  self_registration: true,
  approval_required: false,
  default_goal_minor: 50_000,
  default_story: '<p>I am raising money for <strong>the food bank</strong>.</p>',
  team_fundraising: false,
};
const SAVE = 'PUT /npo_admin/peer_to_peer/3/settings';

const render = (canEdit: boolean) =>
  renderRoutes(
    [{ path: '/', element: <PeerSettingsForm campaignId={3} settings={settings} currency="USD" canEdit={canEdit} /> }],
    { session: signedInSession(7789) },
  );

describe('PeerSettingsForm', () => {
  it('shows the default story in the rich-text editor and saves it unchanged with the other settings', async () => {
    const fetch = stubFetch({ [SAVE]: (call) => ({ body: call.body }) });
    render(true);
    const story = await screen.findByRole('textbox', { name: 'Default story of a new page' }, { timeout: 10_000 });
    expect(story).toHaveTextContent('I am raising money for the food bank.');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Team fundraising/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Peer-to-peer settings saved.', {}, { timeout: 10_000 });
    expect(fetch.callsTo('PUT', '/npo_admin/peer_to_peer/3/settings')[0]?.body).toEqual({
      ...settings,
      team_fundraising: true,
    });
  }, 60_000);

  it('shows the story read-only, without a toolbar or save button, to someone who may not edit', async () => {
    stubFetch({});
    render(false);
    const story = await screen.findByRole('textbox', { name: 'Default story of a new page' }, { timeout: 10_000 });
    expect(story).toHaveAttribute('aria-readonly', 'true');
    expect(screen.queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  }, 60_000);
});
