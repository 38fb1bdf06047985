import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { DIGITS, DOC_ID, loadDescription, type Json } from './openapi-load';

/**
 * Discord's own description of REST v10 as a checker of what crosses the fake's wire: the
 * operation a method and path name, and what is wrong with a value against one of its schemas.
 * The document is big (1.2 MB, 150 paths), so each side is read once per process, on first use,
 * and each schema compiled the first time a value meets it.
 */

/** One thing wrong with a value, where it is (`['embeds', '0', 'title']`) and why. */
export interface SchemaProblem {
  at: string[];
  keyword: string;
  /** Ajv's wording, e.g. `must NOT have more than 256 characters`. */
  message: string;
  params: Record<string, unknown>;
}

/** An operation of the description, with the values its path template matched. */
export interface Operation {
  /** The method and template, e.g. `POST /channels/{channel_id}/messages`. */
  label: string;
  item: Json;
  operation: Json;
  pathValues: Record<string, string>;
}

interface Template {
  template: string;
  item: Json;
  names: string[];
  regex: RegExp;
}

export class ApiDescription {
  private readonly doc: Json;
  private readonly ajv: ReturnType<typeof loadDescription>['ajv'];
  private readonly templates: Template[];
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(side: 'requests' | 'responses') {
    ({ doc: this.doc, ajv: this.ajv } = loadDescription(side));
    this.templates = Object.entries(this.doc.paths as Record<string, Json>)
      .map(([template, item]) => {
        const parts = template.split('/');
        const names = parts.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1));
        const pattern = parts.map((p) => (p.startsWith('{') ? '([^/]+)' : escapeRegex(p)));
        return { template, item, names, regex: new RegExp(`^${pattern.join('/')}$`), parts };
      })
      // The most literal template wins: `/messages/@original` before `/messages/{message_id}`.
      .sort((a, b) => b.parts.length - b.names.length - (a.parts.length - a.names.length));
  }

  /** The operation `method path` names (path without `/api/v10`), if Discord has one. */
  operation(method: string, path: string): Operation | undefined {
    for (const { template, item, names, regex } of this.templates) {
      const operation = item[method.toLowerCase()] as Json | undefined;
      const m = operation ? regex.exec(path) : null;
      if (!m || !operation) continue;
      const pathValues = Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? '']));
      return { label: `${method.toUpperCase()} ${template}`, item, operation, pathValues };
    }
    return undefined;
  }

  /** The schema `components/schemas/<name>` (UserResponse, MessageResponse, …). */
  component(name: string): Json {
    const schema = (this.doc.components as { schemas: Record<string, Json> }).schemas[name];
    if (!schema) throw new Error(`Discord's API description has no schema ${name}`);
    return schema;
  }

  /**
   * The OAuth2 scopes Discord names (its authorization-code flow's): an authorize request asking
   * for any other is refused (oauth.ts).
   */
  oauthScopes(): string[] {
    const schemes = (this.doc.components as { securitySchemes: Record<string, Json> })
      .securitySchemes;
    const flows = (schemes.OAuth2 as { flows: Record<string, { scopes: Json }> }).flows;
    return Object.keys(flows.authorizationCode?.scopes ?? {});
  }

  /** The schema object a (possibly referencing) schema or parameter stands for. */
  resolve(schema: unknown): Json {
    let node = (schema ?? {}) as Json;
    while (typeof node.$ref === 'string') {
      const fragment = node.$ref.slice(DOC_ID.length + 1);
      node = pointerSegments(fragment).reduce<Json>((n, s) => n[s] as Json, this.doc);
    }
    return node;
  }

  /** What is wrong with `value` against a schema of the document (nothing: it matches). */
  problems(schema: unknown, value: unknown, at: string[] = []): SchemaProblem[] {
    let validate = this.compiled.get(schema as object);
    if (!validate) {
      validate = this.ajv.compile(schema as object);
      this.compiled.set(schema as object, validate);
    }
    return validate(value) ? [] : this.refine(validate.errors ?? [], value, at);
  }

  /**
   * Ajv reports every branch of a failed oneOf (a button checked as each of six components); a
   * report listing them all hides the one fault. When the value's JSON type and `type` field
   * leave one branch, its own problems stand for the oneOf; otherwise the oneOf is reported.
   */
  private refine(errors: ErrorObject[], value: unknown, at: string[]): SchemaProblem[] {
    const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
    const within = (e: ErrorObject, u: ErrorObject) =>
      e !== u &&
      (e.instancePath === u.instancePath || e.instancePath.startsWith(`${u.instancePath}/`));
    // The outermost unions; one nested in another is refined by the recursion. At one path the
    // outer union is the later: Ajv reports a union after its branches.
    const nested = (u: ErrorObject, o: ErrorObject) =>
      within(u, o) && (u.instancePath !== o.instancePath || errors.indexOf(u) < errors.indexOf(o));
    const outer = unions.filter((u) => !unions.some((o) => nested(u, o)));
    const problems = errors
      .filter((e) => !outer.some((u) => e === u || within(e, u)))
      .map((e) => problem(e, at));
    for (const union of outer) {
      const segments = pointerSegments(union.instancePath);
      const part = segments.reduce<unknown>((v, s) => (v as Json | undefined)?.[s], value);
      const all = (union.schema as unknown[]).map((b) => this.resolve(b));
      const tags = all.map((b) =>
        tagValues(this.resolve((b.properties as Json | undefined)?.type)),
      );
      const candidates = all.filter((b, i) => mayMean(b, tags[i], part));
      if (candidates.length === 0 && tags.every((t) => t !== undefined) && isObject(part)) {
        // No branch has this `type`: say which types there are.
        const allowedValues = tags.flat();
        problems.push({
          ...problem(union, [...at, ...segments, 'type']),
          at: [...at, ...segments, 'type'],
          keyword: 'enum',
          message: 'must be one of',
          params: { allowedValues },
        });
      } else if (all.every((b) => 'const' in b)) {
        // An enumeration written as a oneOf of titled constants (InteractionCallbackTypes).
        const allowedValues = all.map((b) => b.const);
        problems.push({
          ...problem(union, at),
          keyword: 'enum',
          message: 'must be one of',
          params: { allowedValues },
        });
      } else if (candidates.length === 1) {
        problems.push(...this.problems(candidates[0], part, [...at, ...segments]));
      } else {
        problems.push(problem(union, at));
      }
    }
    return problems;
  }
}

const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
/** The description requests are held to (integers may come as digit strings). */
export const requestsDescription = lazily(() => new ApiDescription('requests'));
/** The description the fake's own answers and payloads are held to, as written. */
export const responsesDescription = lazily(() => new ApiDescription('responses'));

/** The values a branch's `type` field takes (a component's, a callback's), if it names them. */
function tagValues(tag: Json): unknown[] | undefined {
  if (Array.isArray(tag.enum)) return tag.enum;
  return tag.const === undefined ? undefined : [tag.const];
}

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a branch may be the one meant: its type admits the value's, its `type` field's too. */
function mayMean(branch: Json, tag: unknown[] | undefined, value: unknown): boolean {
  const types = branch.type === undefined ? undefined : [branch.type].flat();
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (types && !types.some((t) => t === kind || (t === 'integer' && kind === 'number'))) {
    return false;
  }
  return !tag || !isObject(value) || tag.includes(value.type);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointerSegments = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function problem(e: ErrorObject, at: string[]): SchemaProblem {
  const params = e.params as Record<string, unknown>;
  // The pattern openapi-load.ts gives integers that may come as digit strings.
  const digits = e.keyword === 'pattern' && params.pattern === DIGITS;
  return {
    at: [...at, ...pointerSegments(e.instancePath)],
    keyword: digits ? 'type' : e.keyword,
    message: digits ? 'must be integer' : (e.message ?? 'is invalid'),
    params,
  };
}

/** `/embeds/0/title must NOT have more than 256 characters`, as a report line. */
export function describe(p: SchemaProblem): string {
  const { additionalProperty, allowedValues } = p.params;
  const extra =
    typeof additionalProperty === 'string'
      ? ` (${additionalProperty})`
      : Array.isArray(allowedValues)
        ? ` ${JSON.stringify(allowedValues)}`
        : '';
  return `/${p.at.join('/')} ${p.message}${extra}`;
}
