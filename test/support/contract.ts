/**
 * Contract checks against the OpenAPI document (openapi/openapi.yaml), the source of truth for the
 * wire format (DESIGN.md 3). Tests hand real responses to `assertContract(res, operationId)`; it
 * throws a readable Error when the status is not documented for the operation, the content type
 * or body does not match the documented schema, or a documented required header is missing or
 * malformed.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** A JSON Schema object as it appears in the document (OpenAPI 3.1 = JSON Schema 2020-12). */
export interface JsonSchema {
  [keyword: string]: unknown;
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  required?: string[];
  properties?: Record<string, JsonSchema | boolean>;
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

export interface Reference {
  $ref: string;
}

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: { required?: boolean; content: Record<string, MediaTypeObject> } | Reference;
  responses: Record<string, ResponseObject | Reference>;
  'x-scope'?: string;
  [extension: `x-${string}`]: unknown;
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = { parameters?: (ParameterObject | Reference)[] } & {
  [M in HttpMethod]?: OperationObject;
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, { type: string; scheme?: string; [key: string]: unknown }>;
  };
  [extension: `x-${string}`]: unknown;
}

/** A response as tests see it: a fetch `Headers` or a plain record of (lower-case) header names. */
export interface ContractResponse {
  status: number;
  headers: Record<string, string | string[] | undefined> | Headers;
  body: unknown;
}

export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** Path relative to the server URL (`/v1`), e.g. `/boards/{board}`. */
  path: string;
  operation: OperationObject;
}

const DOCUMENT_URL = new URL('../../openapi/openapi.yaml', import.meta.url);
/** The $id under which the whole document is registered with Ajv. */
const DOC_ID = 'https://tally.invalid/openapi.yaml';

/** The parsed OpenAPI document (loaded once). */
export const openapiDocument = parse(readFileSync(DOCUMENT_URL, 'utf8')) as OpenApiDocument;

const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  // OpenAPI 3.1 nullable fields are written as type arrays, and if/then branches carry
  // `properties` without repeating `type: object`; neither is a schema mistake.
  allowUnionTypes: true,
  strictTypes: false,
  strictRequired: false,
});
addFormats(ajv);
// The document is not itself a JSON Schema; only its schema locations are compiled, via $ref.
// Ajv still compiles the document's root when resolving a ref into it, so its top-level OpenAPI
// fields (openapi, info, paths, components, x-beta, ...) are declared as inert keywords.
for (const key of Object.keys(openapiDocument)) {
  if (!ajv.getKeyword(key)) ajv.addKeyword(key);
}
ajv.addSchema(openapiDocument as unknown as Record<string, unknown>, DOC_ID, undefined, false);

/* ------------------------------------------------------------------------------------------- */
/* Document navigation                                                                          */
/* ------------------------------------------------------------------------------------------- */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isReference = (value: unknown): value is Reference =>
  isObject(value) && typeof value.$ref === 'string';

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A JSON pointer (without `#`) from path segments. */
const pointerOf = (segments: readonly string[]) => segments.map(escapePointer).join('/');

/** The value at a local pointer (`#/a/b`) of the document. */
function atPointer(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are supported, got ${ref}`);
  let node: unknown = openapiDocument;
  for (const raw of ref.slice(2).split('/')) {
    const segment = unescapePointer(decodeURIComponent(raw));
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`Unresolvable reference ${ref}`);
    node = (node as Record<string, unknown>)[segment];
    if (node === undefined) throw new Error(`Unresolvable reference ${ref}`);
  }
  return node;
}

/**
 * Follows OpenAPI `$ref`s (response, header, parameter objects) to the object they name, and
 * returns it with its location (a pointer without `#`, for compiling subschemas by reference).
 */
function deref<T>(
  value: T | Reference,
  location: readonly string[],
): { value: T; pointer: string } {
  let current: unknown = value;
  let pointer = `/${pointerOf(location)}`;
  for (let hops = 0; isReference(current); hops++) {
    if (hops > 10) throw new Error(`Reference cycle at ${pointer}`);
    pointer = current.$ref.slice(1).split('/').map(decodeURIComponent).join('/');
    current = atPointer(current.$ref);
  }
  return { value: current as T, pointer };
}

/** Every operation of the document, by operationId. */
export const operations: ReadonlyMap<string, OperationInfo> = (() => {
  const map = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries(openapiDocument.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (map.has(operation.operationId)) {
        throw new Error(`Duplicate operationId ${operation.operationId} in the OpenAPI document`);
      }
      map.set(operation.operationId, {
        operationId: operation.operationId,
        method,
        path,
        operation,
      });
    }
  }
  return map;
})();

function operationInfo(operationId: string): OperationInfo {
  const info = operations.get(operationId);
  if (info === undefined) {
    throw new Error(
      `Unknown operationId "${operationId}"; the document has: ${[...operations.keys()].join(', ')}`,
    );
  }
  return info;
}

/* ------------------------------------------------------------------------------------------- */
/* Validators                                                                                   */
/* ------------------------------------------------------------------------------------------- */

const validators = new Map<string, ValidateFunction>();

/** A compiled validator for the schema at `pointer` (without `#`) inside the document. */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (validate === undefined) {
    const fragment = pointer
      .split('/')
      .map((segment) => encodeURIComponent(segment).replace(/%7E/gi, '~'))
      .join('/');
    validate = ajv.compile({ $ref: `${DOC_ID}#${fragment}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  if (!errors) return [];
  const lines = errors.map((error) => {
    const at = error.instancePath === '' ? '(root)' : error.instancePath;
    const params = error.params as Record<string, unknown>;
    let extra = '';
    if (typeof params.additionalProperty === 'string') extra = `: "${params.additionalProperty}"`;
    else if (Array.isArray(params.allowedValues))
      extra = `: ${JSON.stringify(params.allowedValues)}`;
    else if ('allowedValue' in params) extra = `: ${JSON.stringify(params.allowedValue)}`;
    return `${at} ${error.message ?? 'is invalid'}${extra} [${error.schemaPath}]`;
  });
  return [...new Set(lines)];
}

/** Schema errors of `value` against `components/schemas/<name>`; empty when it is valid. */
export function schemaErrors(name: string, value: unknown): string[] {
  if (openapiDocument.components.schemas[name] === undefined) {
    throw new Error(`No schema components/schemas/${name} in the OpenAPI document`);
  }
  const validate = validatorAt(`/components/schemas/${escapePointer(name)}`);
  return validate(value) ? [] : formatErrors(validate.errors);
}

/** Throws when `value` does not match `components/schemas/<name>`. */
export function assertSchema(name: string, value: unknown): void {
  const errors = schemaErrors(name, value);
  if (errors.length > 0) {
    throw new Error(
      `Does not match schema ${name}:\n  ${errors.join('\n  ')}\nvalue: ${excerpt(value)}`,
    );
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Responses                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/** One header value, looked up case-insensitively; repeated values are joined with ", ". */
function headerOf(headers: ContractResponse['headers'], name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The media type of a Content-Type header, lower-case, without parameters. */
const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() || undefined;

function excerpt(value: unknown, max = 1500): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A header string coerced to the type its schema expects (headers are strings on the wire). */
function headerValue(raw: string, schema: JsonSchema | undefined): unknown {
  const types = schema?.type === undefined ? [] : [schema.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw)) {
    return Number(raw);
  }
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The documented response of an operation for an HTTP status (exact, then `4XX`, then default). */
function documentedResponse(
  info: OperationInfo,
  status: number,
): { value: ResponseObject; pointer: string; key: string } | undefined {
  const responses = info.operation.responses;
  const range = `${String(status)[0]}XX`;
  const key = [String(status), range, range.toLowerCase(), 'default'].find((k) => k in responses);
  if (key === undefined) return undefined;
  const response = responses[key];
  if (response === undefined) return undefined;
  const resolved = deref(response, ['paths', info.path, info.method, 'responses', key]);
  return { ...resolved, key };
}

/**
 * Throws a readable Error unless `res` is a documented response of `operationId`: the status is
 * listed for the operation, the Content-Type is the documented media type (application/json for
 * successes, application/problem+json for failures), the body matches the documented schema, and
 * every documented required header is present with a value matching its schema.
 */
export function assertContract(res: ContractResponse, operationId: string): void {
  const info = operationInfo(operationId);
  const where = `${operationId} (${info.method.toUpperCase()} ${info.path}) → ${res.status}`;
  const response = documentedResponse(info, res.status);
  if (response === undefined) {
    const documented = Object.keys(info.operation.responses).join(', ');
    throw new Error(
      `${where}: status ${res.status} is not documented for ${operationId} (documented: ${documented})\nbody: ${excerpt(res.body)}`,
    );
  }

  const problems: string[] = [];

  // Content type and body.
  const content = response.value.content ?? {};
  const mediaTypes = Object.keys(content);
  const contentType = headerOf(res.headers, 'content-type');
  const mediaType = mediaTypeOf(contentType);
  if (mediaTypes.length === 0) {
    if (res.body !== undefined && res.body !== '') {
      problems.push(`a body was sent but the response documents none: ${excerpt(res.body, 200)}`);
    }
  } else if (mediaType === undefined || !(mediaType in content)) {
    problems.push(
      `Content-Type is ${contentType === undefined ? 'missing' : `"${contentType}"`}; expected ${mediaTypes.join(' or ')}`,
    );
  } else if (res.body === undefined) {
    problems.push(`the body is missing or not JSON; expected ${mediaType}`);
  } else if (content[mediaType]?.schema !== undefined) {
    const validate = validatorAt(`${response.pointer}/content/${escapePointer(mediaType)}/schema`);
    if (!validate(res.body))
      problems.push(...formatErrors(validate.errors).map((e) => `body ${e}`));
  }

  // Documented headers.
  for (const [name, header] of Object.entries(response.value.headers ?? {})) {
    if (name.toLowerCase() === 'content-type') continue;
    const resolved = deref(header, [
      ...response.pointer.slice(1).split('/').map(unescapePointer),
      'headers',
      name,
    ]);
    const raw = headerOf(res.headers, name);
    if (raw === undefined) {
      if (resolved.value.required) problems.push(`header ${name} is required but missing`);
      continue;
    }
    if (resolved.value.schema === undefined) continue;
    const validate = validatorAt(`${resolved.pointer}/schema`);
    if (!validate(headerValue(raw, resolved.value.schema))) {
      problems.push(
        ...formatErrors(validate.errors).map(
          (e) => `header ${name}: "${raw}" ${e.replace(/^\(root\) /, '')}`,
        ),
      );
    }
  }

  if (problems.length > 0) {
    throw new Error(
      `${where} (documented as responses.${response.key}) breaks the contract:\n  - ${problems.join('\n  - ')}\nbody: ${excerpt(res.body)}`,
    );
  }
}

/** Throws unless `body` is a valid Problem document (spec 2.11); for routes with no operation. */
export function assertProblemDocument(body: unknown): void {
  const errors = schemaErrors('Problem', body);
  if (errors.length > 0) {
    throw new Error(
      `Not a Problem document:\n  - ${errors.join('\n  - ')}\nbody: ${excerpt(body)}`,
    );
  }
}

/**
 * Throws unless `res` is the expected failure: HTTP status and `status` field, `code`, Content-Type
 * application/problem+json, a valid Problem body whose `type` ends with `/<code-with-hyphens>`,
 * `request_id` equal to the X-Request-Id header, and `X-API-Lifecycle: beta`. With an
 * `operationId`, the response must also be documented for that operation (assertContract).
 */
export function assertProblem(
  res: ContractResponse,
  expectedStatus: number,
  expectedCode: string,
  operationId?: string,
): void {
  const problems: string[] = [];
  if (res.status !== expectedStatus)
    problems.push(`HTTP status is ${res.status}, expected ${expectedStatus}`);
  const contentType = headerOf(res.headers, 'content-type');
  if (mediaTypeOf(contentType) !== 'application/problem+json') {
    problems.push(
      `Content-Type is ${contentType === undefined ? 'missing' : `"${contentType}"`}, expected application/problem+json`,
    );
  }
  const errors = schemaErrors('Problem', res.body);
  problems.push(...errors.map((e) => `body ${e}`));
  if (isObject(res.body)) {
    const body = res.body;
    if (body.status !== expectedStatus)
      problems.push(`body.status is ${excerpt(body.status)}, expected ${expectedStatus}`);
    if (body.code !== expectedCode)
      problems.push(`body.code is ${excerpt(body.code)}, expected "${expectedCode}"`);
    const suffix = `/${expectedCode.replace(/_/g, '-')}`;
    if (typeof body.type !== 'string' || !body.type.endsWith(suffix)) {
      problems.push(`body.type is ${excerpt(body.type)}, expected a URI ending with "${suffix}"`);
    }
    const requestId = headerOf(res.headers, 'x-request-id');
    if (requestId === undefined) problems.push('header X-Request-Id is missing');
    else if (body.request_id !== requestId) {
      problems.push(
        `body.request_id is ${excerpt(body.request_id)} but X-Request-Id is "${requestId}"`,
      );
    }
  } else if (errors.length === 0) {
    problems.push('the body is not an object');
  }
  const lifecycle = headerOf(res.headers, 'x-api-lifecycle');
  if (lifecycle !== 'beta')
    problems.push(`header X-API-Lifecycle is ${excerpt(lifecycle)}, expected "beta"`);
  if (problems.length > 0) {
    throw new Error(
      `Expected a ${expectedStatus} ${expectedCode} problem:\n  - ${problems.join('\n  - ')}\nbody: ${excerpt(res.body)}`,
    );
  }
  if (operationId !== undefined) assertContract(res, operationId);
}
