import type { Db } from './client.ts';

/** A transaction, or the database itself where a single statement needs none. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
