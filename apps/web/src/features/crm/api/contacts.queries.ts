import type {
  TContactBulkInput,
  TContactFieldInput,
  TContactInput,
  TContactListResponse,
  TContactOptions,
  TContactRecord,
  TContactView,
  TContactViewInput,
  THousehold,
  THouseholdInput,
  TRelationshipInput,
  TSoftCreditInput,
  TSoftCreditList,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { type ContactListState, contactListQuery } from '../list-params.ts';

export const CONTACTS_PAGE_SIZE = 25;

/** Query keys of the CRM contact screens; the organisation id is in every key. */
export const contactKeys = {
  all: ['crm-contacts'] as const,
  list: (npoId: number | null, state: ContactListState) =>
    [...contactKeys.all, 'list', npoId, contactListQuery(state)] as const,
  record: (npoId: number | null, id: number) => [...contactKeys.all, 'record', npoId, id] as const,
  options: (npoId: number | null) => [...contactKeys.all, 'options', npoId] as const,
  views: (npoId: number | null) => [...contactKeys.all, 'views', npoId] as const,
  lookup: (npoId: number | null, search: string) => [...contactKeys.all, 'lookup', npoId, search] as const,
};

export const contactQueries = {
  list: (npoId: number | null, state: ContactListState) =>
    queryOptions({
      queryKey: contactKeys.list(npoId, state),
      queryFn: ({ signal }) =>
        api<TContactListResponse>('GET', '/npo_admin/contacts', {
          query: { ...contactListQuery(state), per_page: CONTACTS_PAGE_SIZE },
          signal,
        }),
      enabled: npoId !== null,
    }),
  record: (npoId: number | null, id: number) =>
    queryOptions({
      queryKey: contactKeys.record(npoId, id),
      queryFn: ({ signal }) => api<TContactRecord>('GET', `/npo_admin/contacts/${id}`, { signal }),
      enabled: npoId !== null && id > 0,
      retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
    }),
  options: (npoId: number | null) =>
    queryOptions({
      queryKey: contactKeys.options(npoId),
      queryFn: ({ signal }) => api<TContactOptions>('GET', '/npo_admin/contacts/options', { signal }),
      enabled: npoId !== null,
    }),
  views: (npoId: number | null) =>
    queryOptions({
      queryKey: contactKeys.views(npoId),
      queryFn: ({ signal }) => api<{ views: TContactView[] }>('GET', '/npo_admin/contact_views', { signal }),
      enabled: npoId !== null,
    }),
  /** Contacts matching a name, for choosing the other side of a relationship. */
  lookup: (npoId: number | null, search: string) =>
    queryOptions({
      queryKey: contactKeys.lookup(npoId, search),
      queryFn: ({ signal }) =>
        api<TContactListResponse>('GET', '/npo_admin/contacts', { query: { search, per_page: 10 }, signal }),
      enabled: npoId !== null && search.length >= 2,
    }),
};

export const createContact = (body: TContactInput) => api<TContactRecord>('POST', '/npo_admin/contacts', { body });
export const saveContact = (id: number, body: TContactInput) =>
  api<TContactRecord>('PUT', `/npo_admin/contacts/${id}`, { body });
export const addRelationship = (id: number, body: TRelationshipInput) =>
  api<TContactRecord>('POST', `/npo_admin/contacts/${id}/relationships`, { body });
export const removeRelationship = (id: number, relationshipId: number) =>
  api<void>('DELETE', `/npo_admin/contacts/${id}/relationships/${relationshipId}`);
export const createHousehold = (body: THouseholdInput) => api<THousehold>('POST', '/npo_admin/households', { body });
export const bulkContacts = (body: TContactBulkInput) =>
  api<{ updated: number }>('POST', '/npo_admin/contacts/bulk', { body });
export const saveView = (body: TContactViewInput) => api<TContactView>('POST', '/npo_admin/contact_views', { body });
export const deleteView = (id: number) => api<void>('DELETE', `/npo_admin/contact_views/${id}`);
export const addField = (body: TContactFieldInput) =>
  api<{ id: number }>('POST', '/npo_admin/contact_fields', { body });

// crm20: a household's members and name, and a gift's soft credits.
export const changeHousehold = (id: number, body: THouseholdInput) =>
  api<THousehold>('PUT', `/npo_admin/households/${id}`, { body });
export const addHouseholdMember = (id: number, contactId: number) =>
  api<THousehold>('POST', `/npo_admin/households/${id}/members`, { body: { contact_id: contactId } });
export const removeHouseholdMember = (id: number, contactId: number) =>
  api<THousehold>('DELETE', `/npo_admin/households/${id}/members/${contactId}`);

/** The household's statement address; the browser downloads it with the session cookie. */
export const householdStatementUrl = (id: number, year: number) =>
  `/api/v1/npo_admin/households/${id}/statement.pdf?year=${year}`;

export const softCreditKeys = {
  gift: (npoId: number | null, donationId: number) => [...contactKeys.all, 'soft-credits', npoId, donationId] as const,
};
export const softCreditsQuery = (npoId: number | null, donationId: number) =>
  queryOptions({
    queryKey: softCreditKeys.gift(npoId, donationId),
    queryFn: ({ signal }) => api<TSoftCreditList>('GET', `/npo_admin/donations/${donationId}/soft_credits`, { signal }),
    enabled: npoId !== null && donationId > 0,
  });
export const addSoftCredit = (donationId: number, body: TSoftCreditInput) =>
  api<TSoftCreditList>('POST', `/npo_admin/donations/${donationId}/soft_credits`, { body });
export const removeSoftCredit = (donationId: number, contactId: number) =>
  api<void>('DELETE', `/npo_admin/donations/${donationId}/soft_credits/${contactId}`);
