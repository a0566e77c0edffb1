import { sql } from 'drizzle-orm';

/** What a donor or contact with neither names nor e-mail is called in lists and links. */
export const UNNAMED_CONTACT = 'Unnamed contact';

/**
 * The name donors row `alias` is shown by in SQL: both names, else the e-mail, else UNNAMED_CONTACT,
 * so every row a list links to has text (a donor may have given with an e-mail only).
 */
export const donorNameSql = (alias: string) => {
  const t = sql.raw(alias);
  return sql`coalesce(nullif(trim(${t}.first_name || ' ' || ${t}.last_name), ''), nullif(${t}.email, ''), ${UNNAMED_CONTACT})`;
};
