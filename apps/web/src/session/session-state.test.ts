import { describe, expect, it } from 'vitest';
import { loginResponse, organisation, refreshResponse, selectResponse } from '../test/fixtures.ts';
import { isSignedIn, signedOutState, stateFromLogin, stateFromRefresh, stateFromSelect } from './session-state.ts';

describe('session state (docs/product/sign-in.md#the-session)', () => {
  it('selects the organisation automatically only when there is exactly one', () => {
    const one = stateFromLogin(loginResponse([organisation(1, 6635)]));
    expect(one.selectedNpo?.id).toBe(1);
    expect(one.role).toBe(6635);

    const two = stateFromLogin(loginResponse([organisation(1, 6635), organisation(2, 1123)]));
    expect(two.selectedNpo).toBeNull();
    expect(two.role).toBeNull();
    expect(isSignedIn(two)).toBe(true);
  });

  it('keeps organisation data null or 0 until an organisation is selected', () => {
    const state = stateFromLogin(loginResponse([organisation(1, 6635), organisation(2, 1123)]));
    expect(state).toMatchObject({
      npoCampaigns: null,
      npoPaymentTypes: null,
      npoStatuses: null,
      npoCurrencies: null,
      stripeClientId: null,
      paypalClientId: null,
      stripePublishableKey: null,
      donationsTotal: 0,
      recurringDonationsTotal: 0,
      donorsTotal: 0,
      recurringDonors: 0,
      newDonations: 0,
      newRecurringDonations: 0,
      newDonors: 0,
    });
  });

  it('stores what select_npo returns', () => {
    const peer = organisation(2, 1123);
    const npos = [organisation(1, 6635), peer];
    const selected = stateFromSelect(stateFromLogin(loginResponse(npos)), peer, selectResponse(peer, 1123));
    expect(selected).toMatchObject({
      selectedNpo: peer,
      role: 1123,
      roleName: 'fundraiser',
      donationsTotal: 12_500,
      donorsTotal: 2,
      newDonorsThisMonth: 2,
      npoPaymentTypes: ['card'],
      npoStatuses: ['active'],
      npoCurrencies: ['USD'],
    });
    expect(selected.npoCampaigns).toHaveLength(1);
    expect(selected.npoStats?.active_campaigns_count).toBe(1);
  });

  it('keeps the login backup codes when a refresh brings none', () => {
    const login = stateFromLogin(loginResponse([organisation(1, 5150)], { backup_codes: ['a1', 'b2'] }));
    const refreshed = stateFromRefresh(login, refreshResponse([organisation(1, 5150)], 5150));
    expect(refreshed.backupCodes).toEqual(['a1', 'b2']);
    expect(refreshed.npoCurrencies).toEqual(['USD']);
  });

  it('is signed out only when the server has not said logged_in for a user', () => {
    expect(isSignedIn(signedOutState())).toBe(false);
    const loggedOut = stateFromLogin(loginResponse([organisation(1, 5150)]));
    expect(isSignedIn({ ...loggedOut, loggedIn: false })).toBe(false);
  });
});
