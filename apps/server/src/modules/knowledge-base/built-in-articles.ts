// Kindling's own help articles (docs/decisions/088-knowledge-base.md): markdown files in ./articles, written by
// us, rendered once per process with micromark (which escapes any HTML in them) and then kept to the staff
// editor's allow-list like every other HTML the app shows.
import { readFileSync } from 'node:fs';
import { micromark } from 'micromark';
import { toPlainText } from '../../platform/security/html.ts';
import { sourcePath } from '../../platform/server-root.ts';
import { sanitiseDescription } from '../campaigns/index.ts';

export type BuiltInArticle = { key: string; area: string; title: string; html: string; text: string; excerpt: string };

/** One article per part of Kindling, in the order the list shows them. */
const CATALOG: Array<[key: string, area: string]> = [
  ['donation-forms', 'Donation forms'],
  ['payments-and-processors', 'Payments'],
  ['recurring-plans', 'Recurring giving'],
  ['donors-and-contacts', 'Donors and contacts'],
  ['segments', 'Segments'],
  ['deals-and-tasks', 'Deals and tasks'],
  ['email-marketing', 'E-mail marketing'],
  ['integrations', 'Integrations'],
  ['events-and-tickets', 'Events'],
  ['memberships', 'Memberships'],
  ['peer-to-peer', 'Peer-to-peer'],
  ['crowdfunding', 'Crowdfunding'],
  ['reports-and-gift-aid', 'Reports and Gift Aid'],
  ['receipts', 'Receipts'],
  ['team-and-roles', 'Team'],
  ['security-and-2fa', 'Security'],
];

const EXCERPT_LENGTH = 180;

/** The first characters of a text, cut at a word. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

function load([key, area]: [string, string]): BuiltInArticle {
  const markdown = readFileSync(sourcePath('modules', 'knowledge-base', 'articles', `${key}.md`), 'utf8');
  const heading = /^# (.+)\n/.exec(markdown);
  if (!heading?.[1]) throw new Error(`knowledge base: articles/${key}.md must start with '# Title'`);
  // The page shows the article's title as a level-2 heading, so its sections are one level below.
  const rendered = micromark(markdown.slice(heading[0].length)).replace(/<(\/?)h2>/g, '<$1h3>');
  const html = sanitiseDescription(rendered);
  const text = toPlainText(html);
  return { key, area, title: heading[1].trim(), html, text, excerpt: excerptOf(text) };
}

let articles: BuiltInArticle[] | null = null;

/** Every built-in article, read from disk the first time. */
export function builtInArticles(): BuiltInArticle[] {
  articles ??= CATALOG.map(load);
  return articles;
}

export const builtInArticle = (key: string): BuiltInArticle | undefined => builtInArticles().find((a) => a.key === key);
