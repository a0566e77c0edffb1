// Live delivery to browsers: the Action Cable endpoint and the PostgreSQL LISTEN connection.

export { CABLE_PROTOCOL } from './cable-protocol.ts';
export { CABLE_PATH, type Cable, registerCable } from './cable-server.ts';
export { type PgListener, startPgListener } from './pg-listener.ts';
