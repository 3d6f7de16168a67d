import type { components, operations } from './generated/schema.js';

/** The schemas of openapi.yaml by name, e.g. `Schemas['Entry']`. */
export type Schemas = components['schemas'];
export type Event = Schemas['Event'];

type Op = keyof operations;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T
  : R extends { content: { [type: string]: infer T } } ? T : void;

/** The answer of an operation with one of its success statuses. */
export type Result<K extends Op, S extends keyof operations[K]['responses']> = JsonOf<operations[K]['responses'][S]>;

/** The JSON body an operation takes. */
export type Body<K extends Op> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B : never;

/** The query parameters an operation takes. */
export type Query<K extends Op> = NonNullable<operations[K]['parameters']['query']>;

/** The type of one path parameter of an operation. */
export type PathParam<K extends Op, P extends string> = operations[K]['parameters']['path'] extends infer T
  ? P extends keyof T ? T[P] : never : never;

/** Per call: an abort signal, and headers added to the request. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
