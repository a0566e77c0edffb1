// The sandbox stand-in for Stripe's OAuth consent page: small, self-contained HTML (no scripts).
import { escapeHtml, hiddenInputs, standalonePage } from '../../platform/http/standalone-page.ts';

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1b1f24; }
  main { width: min(420px, calc(100% - 32px)); background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 4px 24px rgb(0 0 0 / 0.08); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; color: #5b3cc4; background: #ece8fb;
           border-radius: 999px; padding: 2px 10px; margin-bottom: 12px; }
  p { line-height: 1.5; margin: 8px 0; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  input[type=email] { box-sizing: border-box; width: 100%; font: inherit; padding: 10px 12px; border-radius: 8px;
           border: 1px solid #8a94a3; }
  input:focus-visible, button:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  .error { color: #b42318; margin-top: 6px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { font: inherit; font-weight: 600; padding: 10px 18px; border-radius: 8px; cursor: pointer; border: 1px solid #635bff; }
  .primary { background: #4b44d6; color: #fff; }
  .secondary { background: transparent; color: #4b44d6; }
  .note { font-size: .875rem; color: #4a5361; border-top: 1px solid #e3e6ea; margin-top: 24px; padding-top: 12px; }
  @media (prefers-color-scheme: dark) {
    body { background: #15171c; color: #e8eaed; }
    main { background: #1f232a; }
    .note { color: #b5bcc7; border-color: #333a44; }
    .secondary { color: #aaa6ff; }
    .badge { background: #2e2950; color: #cfc8ff; }
  }`;

const layout = (title: string, body: string): string => standalonePage(title, body, STYLE);

export type AuthorizeFormValues = {
  action: string;
  email: string;
  emailError: string | null;
  hidden: Record<string, string>;
};

export function renderAuthorizePage(v: AuthorizeFormValues): string {
  const hidden = hiddenInputs(v.hidden);
  const error = v.emailError ? `<p id="email-error" class="error" role="alert">${escapeHtml(v.emailError)}</p>` : '';
  return layout(
    'Sandbox Stripe — connect your account to Kindling',
    `<span class="badge">Sandbox</span>
<h1>Sandbox Stripe — connect your account to Kindling</h1>
<p>Kindling asks to connect a Stripe account with read and write access: to take card payments for your organisation, or to sign you in with it.</p>
<form method="post" action="${escapeHtml(v.action)}">
  ${hidden}
  <label for="email">Account e-mail</label>
  <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(v.email)}"${
    v.emailError ? ' aria-invalid="true" aria-describedby="email-error"' : ''
  }>
  ${error}
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
    <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
  </div>
</form>
<p class="note">This page stands in for Stripe while Kindling runs without Stripe keys (offline, demo
and tests). No real Stripe account is connected: the e-mail you enter becomes a sandbox account.</p>`,
  );
}

export function renderErrorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
