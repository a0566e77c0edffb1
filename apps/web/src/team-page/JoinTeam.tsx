// The team page's Join the team (docs/decisions/067-team-pages-and-joining-at-sign-up.md), loaded when
// it is opened: a supporter asks to fundraise in this team, or to start their own team of the
// campaign, in one step. Nothing happens until they follow the e-mailed link.
import { type FormEvent, useState } from 'react';
import { type RequestMessage, useFundraiserRequest } from '../donate/fundraiser-request.ts';

type Props = { campaignId: number; teamId: number; teamName: string; onCancel: () => void };

/** A team's refusal (full, teams off) is the form's message; another field's message stands beside it. */
const messageOf: RequestMessage = (e, found) => {
  const own = Object.keys(found).filter((k) => k !== 'team_id').length > 0;
  return (
    found.team_id ?? (own ? null : e instanceof Error ? e.message : 'Your request could not be sent. Please try again.')
  );
};

export default function JoinTeam({ campaignId, teamId, teamName, onCancel }: Props) {
  const [choice, setChoice] = useState<'join' | 'new'>('join');
  const [sent, setSent] = useState(false);
  const { busy, error, fields, send } = useFundraiserRequest(() => setSent(true), messageOf);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      first_name: data.get('first_name'),
      last_name: data.get('last_name'),
      email: data.get('email'),
      campaign_id: campaignId,
      ...(choice === 'join' ? { team_id: teamId } : { new_team_name: String(data.get('new_team_name') ?? '').trim() }),
    });
  };
  if (sent) {
    return (
      <div className="tp-notice" role="status">
        <strong>Check your e-mail</strong>
        <p>We sent you a link. Follow it to confirm, then sign in to see your fundraising page.</p>
      </div>
    );
  }
  const field = (name: string, label: string, type = 'text', autoComplete = 'off') => (
    <label className="tp-field">
      <span>{label}</span>
      <input
        name={name}
        type={type}
        required
        maxLength={name === 'new_team_name' ? 100 : undefined}
        autoComplete={autoComplete}
        aria-invalid={fields[name] ? true : undefined}
      />
      {fields[name] && <span className="tp-error">{fields[name]}</span>}
    </label>
  );
  return (
    <form className="tp-join" onSubmit={submit} aria-labelledby="tp-join-title">
      <h2 id="tp-join-title">Fundraise with us</h2>
      <fieldset>
        <legend>Your page</legend>
        <label className="tp-radio">
          <input type="radio" name="team_choice" checked={choice === 'join'} onChange={() => setChoice('join')} />
          Join {teamName}
        </label>
        <label className="tp-radio">
          <input type="radio" name="team_choice" checked={choice === 'new'} onChange={() => setChoice('new')} />
          Start a new team
        </label>
      </fieldset>
      {choice === 'new' && field('new_team_name', 'Team name')}
      {field('first_name', 'First name', 'text', 'given-name')}
      {field('last_name', 'Last name', 'text', 'family-name')}
      {field('email', 'Email', 'email', 'email')}
      {error && (
        <p className="tp-error" role="alert">
          {error}
        </p>
      )}
      <p className="tp-muted">We e-mail you a link to confirm; your page is made when you first sign in.</p>
      <div className="tp-actions">
        <button type="button" className="tp-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="tp-button tp-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
