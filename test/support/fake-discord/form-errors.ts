import type { SchemaProblem } from './openapi';
import type { Reply } from './types';

/**
 * Discord's answer to a body it will not take: 400 `Invalid Form Body` (code 50035) with an
 * `errors` tree that mirrors the body, `_errors` at each faulty field:
 *
 *   { code: 50035, message: 'Invalid Form Body',
 *     errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH',
 *                                      message: 'Must be 2000 or fewer in length.' }] } } }
 */

/** A field Discord refuses, where it is in the body and Discord's code and wording for it. */
export interface FieldProblem {
  at: string[];
  code: string;
  message: string;
}

type ErrorTree = { [key: string]: ErrorTree | { code: string; message: string }[] };

export const tooLong = (at: string[], limit: number): FieldProblem => ({
  at,
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${limit} or fewer in length.`,
});

/** A schema problem in Discord's words where they are known, Ajv's otherwise. */
export function fieldProblem(p: SchemaProblem): FieldProblem {
  const limit = Number(p.params.limit);
  switch (p.keyword) {
    case 'maxLength':
    case 'maxItems':
      return tooLong(p.at, limit);
    case 'minLength':
    case 'minItems':
      return {
        at: p.at,
        code: 'BASE_TYPE_MIN_LENGTH',
        message: `Must be ${limit} or more in length.`,
      };
    case 'required': {
      const name = String(p.params.missingProperty);
      const at = p.at[p.at.length - 1] === name ? p.at : [...p.at, name];
      return { at, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
    }
    case 'enum':
    case 'const': {
      const allowed = (p.params.allowedValues as unknown[] | undefined) ?? [p.params.allowedValue];
      return {
        at: p.at,
        code: 'BASE_TYPE_CHOICES',
        message: `Value must be one of (${allowed.join(', ')}).`,
      };
    }
    default:
      return { at: p.at, code: 'BASE_TYPE_INVALID', message: p.message };
  }
}

/** The 400 Discord answers a body with these problems. */
export function invalidFormBody(problems: FieldProblem[]): Reply {
  const errors: ErrorTree = {};
  for (const { at, code, message } of problems) {
    let node = errors;
    for (const key of at) node = (node[key] ??= {}) as ErrorTree;
    ((node._errors ??= []) as { code: string; message: string }[]).push({ code, message });
  }
  return { status: 400, body: { code: 50035, message: 'Invalid Form Body', errors } };
}

/** A report line: `/embeds/0/title Must be 256 or fewer in length.` */
export const describeField = (p: FieldProblem) => `/${p.at.join('/')} ${p.message}`;
