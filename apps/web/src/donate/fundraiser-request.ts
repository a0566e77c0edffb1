// Asking to fundraise from a public page (docs/product/donation-form.md#invite-a-fundraiser-form): the
// crowdfunding page's Become a Fundraiser and the team page's Join the team send the same
// POST /fundraiser and read its answer the same way; the forms differ only in their fields.
import { useState } from 'react';
import { getJson, HttpError, postJson } from './http.ts';

/** POST /fundraiser is a staff-app call that needs the CSRF token: asked for first, then sent back (double submit). */
async function csrfHeader(): Promise<Record<string, string>> {
  await getJson('/auth/config');
  const token = /(?:^|; )csrf_token=([^;]+)/.exec(document.cookie)?.[1];
  return token ? { 'x-csrf-token': decodeURIComponent(token) } : {};
}

export type FundraiserRequestBody = {
  first_name: FormDataEntryValue | null;
  last_name: FormDataEntryValue | null;
  email: FormDataEntryValue | null;
  campaign_id: number;
  team_id?: number | null;
  new_team_name?: string;
};

/** The form's whole message from a refusal and its field messages (`fields` as the server named them). */
export type RequestMessage = (error: unknown, fields: Record<string, string>) => string | null;

const anyMessage: RequestMessage = (e) => (e instanceof Error ? e.message : 'Something went wrong. Please try again.');

/** Sends the request; `busy` until it is refused or `onSent` is called, with the refusal's messages. */
export function useFundraiserRequest(onSent: () => void, messageOf: RequestMessage = anyMessage) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const send = (body: FundraiserRequestBody) => {
    setBusy(true);
    setError(null);
    csrfHeader()
      .then((headers) => postJson('/fundraiser', body, headers))
      .then(
        () => onSent(),
        (e: unknown) => {
          setBusy(false);
          const found =
            e instanceof HttpError ? ((e.body as { fields?: Record<string, string> } | null)?.fields ?? {}) : {};
          setFields(found);
          setError(messageOf(e, found));
        },
      );
  };
  return { busy, error, fields, send };
}
