export { LeaderboardClient, type ClientOptions, type RetryPolicy, type RetryInfo } from './client.js';
export { LeaderboardError, ERROR_CODES, type ErrorCode } from './errors.js';
export { LiveStream, type StreamQuery, type StreamHandlers, type StreamOptions, type TopEvent, type EntryEvent,
  type PeriodEvent } from './stream.js';
export { ROUTES, type OperationId } from './generated/operations.js';
export type { Body, CallOptions, Event, Query, Result, Schemas } from './types.js';
export type { components, operations, paths } from './generated/schema.js';
