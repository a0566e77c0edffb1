// The donor portal's two data sources (decision 012): the link's portal session (/portal/…, an
// httpOnly cookie set by the link exchange) and the signed-in donor (/portal/account/…). The
// components take a source and never know which it is.
import type {
  TPortalCardSetupComplete,
  TPortalCardSetupResponse,
  TPortalGiftResponse,
  TPortalGiftsResponse,
  TPortalMemberships,
  TPortalOverview,
  TPortalPlanResponse,
  TPortalPlansResponse,
  TPortalPlanUpdate,
} from '@kindling/contracts';
import { CONSTANTS } from '@kindling/contracts';
import { api, readCookie } from '../../../app/api-client.ts';

export type PortalSource = {
  kind: 'link' | 'account';
  base: '/portal' | '/portal/account';
  /** Where a plan's editor is: inside the portal page, or the signed-in /recurring-edit page. */
  planPath: (planId: number) => string;
  giftPath: (giftId: number) => string | null;
};

export const LINK_SOURCE: PortalSource = {
  kind: 'link',
  base: '/portal',
  planPath: (id) => `/portal?plan=${id}&edit=1`,
  giftPath: () => null,
};

export const ACCOUNT_SOURCE: PortalSource = {
  kind: 'account',
  base: '/portal/account',
  planPath: (id) => `/recurring-edit/${id}`,
  giftPath: (id) => `/donation/${id}`,
};

/** A file the browser downloads itself (the portal cookie is sent to its path). */
export const receiptHref = (source: PortalSource, giftId: number) =>
  `${CONSTANTS.apiBase}${source.base}/donations/${giftId}/receipt`;
export const statementHref = (source: PortalSource, year: number) =>
  `${CONSTANTS.apiBase}${source.base}/statement?year=${year}`;

/** Opens the link's portal: the token becomes the portal cookie; the answer is the overview. */
export async function openPortalLink(token: string): Promise<TPortalOverview> {
  // A POST needs this browser's CSRF token: any answer of ours hands it one.
  if (!readCookie('csrf_token')) await api('GET', '/portal/session');
  return api<TPortalOverview>('POST', '/portal/session', { body: { token } });
}

export const portalApi = (source: PortalSource) => ({
  overview: () => api<TPortalOverview>('GET', `${source.base}/overview`),
  gifts: () => api<TPortalGiftsResponse>('GET', `${source.base}/donations`),
  gift: (id: number) => api<TPortalGiftResponse>('GET', `${source.base}/donations/${id}`),
  plans: () => api<TPortalPlansResponse>('GET', `${source.base}/plans`),
  memberships: () => api<TPortalMemberships>('GET', `${source.base}/memberships`),
  plan: (id: number) => api<TPortalPlanResponse>('GET', `${source.base}/plans/${id}`),
  update: (id: number, body: TPortalPlanUpdate) =>
    api<TPortalPlanResponse>('PATCH', `${source.base}/plans/${id}`, { body }),
  act: (id: number, action: 'pause' | 'resume' | 'cancel') =>
    api<TPortalPlanResponse>('POST', `${source.base}/plans/${id}/${action}`),
  startCardSetup: (id: number) => api<TPortalCardSetupResponse>('POST', `${source.base}/plans/${id}/card_setup`),
  completeCardSetup: (body: TPortalCardSetupComplete) =>
    api<TPortalPlansResponse>('POST', `${source.base}/card_setup/complete`, { body }),
});
