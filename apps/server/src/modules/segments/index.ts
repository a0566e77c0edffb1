// CRM segments (docs/decisions/042-segments-compile-to-one-query.md): saved groups of contacts by
// rules over their record and giving, or picked by hand. Other modules reach them through this surface only.
export { compileSegment, type SegmentContext } from './segment-sql.ts';
export { foldSegmentMembersInto } from './segments.repository.ts';
export { segmentRoutes } from './segments.routes.ts';
export { segmentContext, segmentMembersSql } from './segments.service.ts';
export { segmentMembers, segments } from './segments.tables.ts';
