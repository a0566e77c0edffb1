import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (node-postgres reads and writes Buffers for bytea). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
