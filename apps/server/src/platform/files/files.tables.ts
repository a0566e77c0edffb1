import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.ts';

/**
 * Uploaded files (campaign images, people's photos), kept in the database so that every server instance serves every
 * file (docs/decisions/024-restart-and-shared-storage.md). The key is the path after /uploads/.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text().primaryKey(),
    /**
     * The organisation the file belongs to, or null for a person's own photo, which belongs to no
     * organisation; no foreign key, as platform/ knows no module's tables.
     */
    npoId: integer(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Hex SHA-256 of the content: the ETag it is served with. */
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_npo_idx').on(t.npoId)],
);
