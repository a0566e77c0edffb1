// The 'Become a Fundraiser' modal's invitation form (docs/product/donation-form.md#invite-a-fundraiser-form):
// first name, last name and e-mail, all required; Cancel and Send Invitation ('Sending...' while busy).
import type { FormEvent } from 'react';
import { useFundraiserRequest } from '../donate/fundraiser-request.ts';
import { TeamChoice, teamPickOf } from './TeamChoice.tsx';

type Props = { campaignId: number; teams: boolean; onCancel: () => void; onSent: () => void };

export default function BecomeFundraiser({ campaignId, teams, onCancel, onSent }: Props) {
  const { busy, error, fields, send } = useFundraiserRequest(onSent);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      first_name: data.get('first_name'),
      last_name: data.get('last_name'),
      email: data.get('email'),
      campaign_id: campaignId,
      ...(teams ? teamPickOf(data) : {}),
    });
  };
  const field = (name: string, label: string, type = 'text', autoComplete = 'off') => (
    <label className="cf-field">
      <span>{label}</span>
      <input
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        aria-invalid={fields[name] ? true : undefined}
      />
      {fields[name] && <span className="cf-error">{fields[name]}</span>}
    </label>
  );
  return (
    <form className="cf-invite" onSubmit={submit}>
      {error && <p role="alert">{error}</p>}
      {field('first_name', 'First name', 'text', 'given-name')}
      {field('last_name', 'Last name', 'text', 'family-name')}
      {field('email', 'Email', 'email', 'email')}
      {teams && <TeamChoice campaignId={campaignId} errors={fields} />}
      <div className="cf-actions">
        <button type="button" className="cf-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="cf-button cf-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send Invitation'}
        </button>
      </div>
    </form>
  );
}
