// The sandbox's stand-in for PayPal's approval page: small, self-contained HTML without scripts.
import { escapeHtml, hiddenInputs, standalonePage } from '../../../../platform/http/standalone-page.ts';

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fa; color: #1b1f24; }
  main { width: min(420px, calc(100% - 32px)); background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 4px 24px rgb(0 0 0 / 0.08); }
  h1 { font-size: 1.25rem; margin: 0 0 8px; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; color: #003087; background: #e6eefa;
           border-radius: 999px; padding: 2px 10px; margin-bottom: 12px; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: 12px 0; }
  p { line-height: 1.5; margin: 8px 0; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; padding: 10px 18px; border-radius: 999px; cursor: pointer;
           border: 1px solid #003087; min-height: 44px; }
  button:focus-visible { outline: 3px solid #0070ba; outline-offset: 2px; }
  .primary { background: #003087; color: #fff; }
  .secondary { background: transparent; color: #003087; }
  .note { font-size: .875rem; color: #4a5361; border-top: 1px solid #e3e6ea; margin-top: 24px; padding-top: 12px; }
  @media (prefers-color-scheme: dark) {
    body { background: #15171c; color: #e8eaed; }
    main { background: #1f232a; }
    .note { color: #b5bcc7; border-color: #333a44; }
    .secondary { color: #9cc3ff; border-color: #9cc3ff; }
    .badge { background: #1d2b45; color: #cfe0ff; }
  }`;

const layout = (title: string, body: string): string => standalonePage(title, body, STYLE);

export type ApprovalPageValues = {
  action: string;
  kind: 'order' | 'setup_token';
  /** Already formatted, e.g. "$10.50" (null for a vault setup). */
  amount: string | null;
  description: string | null;
  hidden: Record<string, string>;
};

export function renderApprovalPage(v: ApprovalPageValues): string {
  const hidden = hiddenInputs(v.hidden);
  const isOrder = v.kind === 'order';
  const title = isOrder ? 'Sandbox PayPal — approve your payment' : 'Sandbox PayPal — save PayPal for future gifts';
  const what = isOrder
    ? `<p>You are paying</p>\n<p class="amount">${escapeHtml(v.amount ?? '')}</p>`
    : '<p>Allow the organisation to charge your PayPal account for your recurring gift, without asking each time.</p>';
  const description = v.description ? `<p>${escapeHtml(v.description)}</p>` : '';
  return layout(
    title,
    `<span class="badge">Sandbox</span>
<h1>${escapeHtml(title)}</h1>
${what}
${description}
<form method="post" action="${escapeHtml(v.action)}">
  ${hidden}
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="approve">${isOrder ? 'Approve payment' : 'Agree and continue'}</button>
    <button class="secondary" type="submit" name="decision" value="cancel">Cancel and return</button>
  </div>
</form>
<p class="note">This page stands in for PayPal while Kindling runs without PayPal keys (offline, demo and
tests). No money moves: the sandbox buyer is ${escapeHtml('buyer@sandbox.kindling.test')}.</p>`,
  );
}

export function renderApprovalError(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
