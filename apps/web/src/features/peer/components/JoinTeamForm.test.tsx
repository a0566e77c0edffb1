import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { JoinTeamForm } from './JoinTeamForm.tsx';

const render = () =>
  renderRoutes([{ path: '/', element: <JoinTeamForm campaignId={3} teamId={4} teamName="Spring Appeal Runners" /> }]);

const fillIn = async () => {
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Jo');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'jo@example.org');
};

describe('JoinTeamForm', () => {
  it('asks to fundraise in this team, then says to check the e-mail', async () => {
    const fetch = stubFetch({
      'GET /auth/config': { body: {} },
      'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: true } },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(screen.getByRole('radio', { name: 'Join Spring Appeal Runners' })).toBeChecked();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).toEqual({
      first_name: 'Jo',
      last_name: 'Baker',
      email: 'jo@example.org',
      campaign_id: 3,
      team_id: 4,
    });
  });

  it('starts a new team instead, and shows the server’s word on the team name', async () => {
    const fetch = stubFetch({
      'GET /auth/config': { body: {} },
      'POST /fundraiser': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fields: { new_team_name: 'The team name must be at most 100 characters' },
        },
      },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Start a new team' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Team name' }), 'Canal Cyclists');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The team name must be at most 100 characters')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).toMatchObject({ new_team_name: 'Canal Cyclists' });
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).not.toHaveProperty('team_id');
  });
});
