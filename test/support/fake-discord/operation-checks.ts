import {
  requestsDescription,
  responsesDescription,
  type ApiDescription,
  type Operation,
  type SchemaProblem,
} from './openapi';

/**
 * A request and a response held against the operation Discord's description gives for them:
 * the path's values, the query, the JSON body, and the documented statuses.
 */

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

/**
 * What is wrong with a request for `op` (of requestsDescription()): a path value or query
 * parameter (at its name), or the body (at its root).
 */
export function requestProblems(
  op: Operation,
  query: URLSearchParams,
  body: unknown,
): SchemaProblem[] {
  const api = requestsDescription();
  const problems: SchemaProblem[] = [];
  for (const param of parametersOf(api, op)) {
    const raw = param.in === 'path' ? op.pathValues[param.name] : query.get(param.name);
    if (raw === undefined || raw === null) {
      if (param.required) problems.push(missing(param.name));
      continue;
    }
    const value = fromText(raw, api.resolve(param.schema));
    problems.push(...api.problems(param.schema, value, [param.name]));
  }
  const requestBody = op.operation.requestBody as
    { required?: boolean; content: Record<string, { schema?: unknown }> } | undefined;
  const schema = requestBody?.content['application/json']?.schema;
  if (body === undefined) {
    if (requestBody?.required) problems.push(missing('(body)'));
  } else if (typeof body === 'string') {
    problems.push({ at: [], keyword: 'json', message: 'is not a JSON body', params: {} });
  } else if (!requestBody) {
    problems.push({ at: [], keyword: 'body', message: 'takes no body', params: {} });
  } else if (schema !== undefined) {
    problems.push(...api.problems(schema, body));
  }
  return problems;
}

/**
 * What is wrong with a response to `method path` (an operation of the description): a status
 * Discord does not answer there, a body off the schema, or a header the response documents
 * (the rate-limit headers) with a value off its schema. Discord sends those headers "for most
 * requests", not all, so a missing one is not a problem.
 */
export function responseProblems(
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): SchemaProblem[] {
  const api = responsesDescription();
  const op = api.operation(method, path);
  if (!op) return [];
  const responses = op.operation.responses as Record<string, unknown>;
  const documented =
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (documented === undefined) {
    return [{ at: [], keyword: 'status', message: `${status} is not documented`, params: {} }];
  }
  const response = api.resolve(documented);
  const problems = headerProblems(api, response, headers);
  const content = (response.content ?? {}) as Record<string, { schema?: unknown }>;
  const schema = content['application/json']?.schema;
  if (schema === undefined) {
    return body === undefined
      ? problems
      : [...problems, { at: [], keyword: 'body', message: `${status} has no body`, params: {} }];
  }
  if (body === undefined) {
    return [
      ...problems,
      { at: [], keyword: 'body', message: `${status} needs a body`, params: {} },
    ];
  }
  return [...problems, ...api.problems(schema, body)];
}

/** The documented headers the response sends, each held to its schema (header names: any case). */
function headerProblems(
  api: ApiDescription,
  response: Json,
  headers: Record<string, string>,
): SchemaProblem[] {
  const documented = (response.headers ?? {}) as Record<string, unknown>;
  const sent = new Map(Object.entries(headers).map(([name, v]) => [name.toLowerCase(), v]));
  return Object.entries(documented).flatMap(([name, header]) => {
    const value = sent.get(name.toLowerCase());
    if (value === undefined) return [];
    const schema = api.resolve(header).schema;
    return api.problems(schema, fromText(value, api.resolve(schema)), [`(header ${name})`]);
  });
}

function parametersOf(api: ApiDescription, op: Operation): Parameter[] {
  const listed = [
    ...((op.item.parameters as unknown[] | undefined) ?? []),
    ...((op.operation.parameters as unknown[] | undefined) ?? []),
  ];
  return listed.map((p) => api.resolve(p) as unknown as Parameter);
}

const missing = (name: string): SchemaProblem => ({
  at: [name],
  keyword: 'required',
  message: 'is required',
  params: { missingProperty: name },
});

/** A path or query value as its schema types it: URLs carry `true` and `25` as text. */
function fromText(raw: string, schema: Json): unknown {
  const type = schema.type;
  const types = type === undefined ? [] : [type].flat();
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw))
    return Number(raw);
  return raw;
}
