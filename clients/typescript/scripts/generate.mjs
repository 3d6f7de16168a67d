// Writes the client's generated sources from the node's OpenAPI document:
//   src/main/ts/generated/schema.ts      the types (openapi-typescript)
//   src/main/ts/generated/operations.ts  one method per operationId and its route
// With --check it writes nothing and fails if either file differs from what the document gives now.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { parse } from 'yaml';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const spec = path.resolve(root, '../../modules/api/src/main/resources/openapi.yaml');
const out = path.join(root, 'src/main/ts/generated');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

async function schemaSource() {
  // fields with a default are optional in requests; the node fills them in
  const ast = await openapiTS(pathToFileURL(spec), { defaultNonNullable: false });
  return COMMENT_HEADER + astToString(ast);
}

function deref(doc, node) {
  while (node && node.$ref) {
    node = node.$ref.replace(/^#\//, '').split('/').reduce((n, k) => n[k], doc);
  }
  return node;
}

/** What the client does to a request body before sending it: events get an eventId when they have none. */
function eventsOf(body) {
  const schema = body?.content?.['application/json']?.schema?.$ref;
  if (schema === '#/components/schemas/Event') return 'one';
  if (schema === '#/components/schemas/Batch') return 'batch';
  return undefined;
}

function operationsSource(doc) {
  const routes = [];
  const methods = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = op.operationId;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const hasQuery = params.some((p) => p.in === 'query');
      const body = deref(doc, op.requestBody);
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      const types = success.flatMap((s) => Object.keys(deref(doc, op.responses[s]).content ?? {}));
      const answer = types.includes('text/event-stream') ? 'stream'
        : types.every((t) => t === 'application/json') ? 'json' : 'text';
      const events = eventsOf(body);
      routes.push(`  ${id}: { method: '${method.toUpperCase()}', path: '${route}', answer: '${answer}'`
        + `${events ? `, events: '${events}'` : ''} },`);
      if (answer === 'stream') continue; // a live stream is LeaderboardClient.stream, not a request
      const args = pathParams.map((p) => `${p}: PathParam<'${id}', '${p}'>`);
      if (body) args.push(`body${body.required ? '' : '?'}: Body<'${id}'>`);
      if (hasQuery) args.push(`query?: Query<'${id}'>`);
      args.push('options?: CallOptions');
      const summary = (op.summary ?? '').replace(/\*\//g, '*\\/');
      methods.push(
        `  /** ${method.toUpperCase()} ${route}: ${summary} */`,
        `  ${id}(${args.join(', ')}): Promise<Result<'${id}', ${success.join(' | ')}>> {`,
        `    return this.call('${id}', { ${pathParams.join(', ')} }, ${body ? 'body' : 'undefined'}, `
          + `${hasQuery ? 'query' : 'undefined'}, options) as Promise<Result<'${id}', ${success.join(' | ')}>>;`,
        '  }',
        '');
    }
  }
  return `// Generated from modules/api/src/main/resources/openapi.yaml by scripts/generate.mjs (npm run generate).
// Do not edit: change openapi.yaml and run the generator again.
import type { Body, CallOptions, PathParam, Query, Result } from '../types.js';

/** Every operation's method, path template, kind of answer and events in its body. */
export const ROUTES = {
${routes.join('\n')}
} as const satisfies Record<string, Route>;

export interface Route {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  readonly path: string;
  readonly answer: 'json' | 'text' | 'stream';
  readonly events?: 'one' | 'batch';
}

export type OperationId = keyof typeof ROUTES;

/** One method per operation (but the live stream), each sending its request through {@link call}. */
export abstract class Operations {
  protected abstract call(operation: OperationId, path: Record<string, string | number>, body: unknown,
    query: object | undefined, options: CallOptions | undefined): Promise<unknown>;

${methods.join('\n').trimEnd()}
}
`;
}

const doc = parse(await readFile(spec, 'utf8'));
const files = {
  'schema.ts': await schemaSource(),
  'operations.ts': operationsSource(doc),
};
if (process.argv.includes('--check')) {
  const stale = [];
  for (const [name, text] of Object.entries(files)) {
    const current = await readFile(path.join(out, name), 'utf8').catch(() => null);
    if (current !== text) stale.push(`src/main/ts/generated/${name}`);
  }
  if (stale.length) {
    console.error(`${stale.join(' and ')} differ from what openapi.yaml gives now: run \`npm run generate\``
      + ' in clients/typescript and commit the result');
    process.exit(1);
  }
  console.log('generated sources match openapi.yaml');
} else {
  await mkdir(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(out, name), text);
  }
  console.log(`wrote ${Object.keys(files).map((f) => `src/main/ts/generated/${f}`).join(', ')}`);
}
