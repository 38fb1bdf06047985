import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Discord's published OpenAPI description (test/fixtures/discord-api-spec, OpenAPI 3.1: its
 * schemas are JSON Schema 2020-12) read into an Ajv instance, with what the description's README
 * says about itself applied: a request may send an integer as a string of digits.
 */

export type Json = Record<string, unknown>;
export const DOC_ID = 'https://discord.com/api/v10/openapi.json';
/** A string of digits, which Discord takes where its description says integer. */
export const DIGITS = '^-?[0-9]+$';
const SPEC_FILE = new URL('../../fixtures/discord-api-spec/openapi.json', import.meta.url);

let text: string | undefined;

/**
 * The document and an Ajv that compiles its schemas on demand. For `requests`, integer fields
 * also take digit strings ("Our API accepts strings for int fields if they are parseable as
 * ints", README): the bot's `default_member_permissions: "32"` is what Discord's docs ask for.
 * Responses are held to the schema as written.
 */
export function loadDescription(side: 'requests' | 'responses'): { doc: Json; ajv: Ajv2020 } {
  text ??= readFileSync(SPEC_FILE, 'utf8');
  const doc = JSON.parse(text) as Json;
  correct(doc);
  walk(doc, (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) node.$ref = DOC_ID + node.$ref;
    if (side === 'requests') acceptDigitStrings(node);
  });
  // allErrors: a report names every fault, not the first. verbose: a oneOf error carries its
  // branches, so the report can follow the one the value meant (openapi.ts refine). Shared
  // schemas compiled once rather than inlined, and unoptimised code, halve the first compile
  // (≈600 → ≈300 ms for what a bot suite meets); validating stays in microseconds.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: false,
    code: { optimize: false },
  });
  addFormats(ajv);
  // Discord's own formats (snowflake, nonce) say nothing its patterns and types do not.
  const formats = new Set<string>();
  walk(doc, (node) => void (typeof node.format === 'string' && formats.add(node.format)));
  for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
  // The description's annotation of anyOf unions; and the document's top-level OpenAPI fields,
  // which Ajv meets when it resolves a reference into the document.
  ajv.addKeyword({ keyword: 'x-discord-union', schemaType: 'string' });
  for (const key of Object.keys(doc)) if (!ajv.getKeyword(key)) ajv.addKeyword(key);
  ajv.addSchema(doc, DOC_ID, undefined, false);
  return { doc, ajv };
}

/**
 * Where the published description disagrees with what Discord sends, corrected (and listed in
 * the fixture's README): a field error's `code` is a string such as `BASE_TYPE_MAX_LENGTH` (the
 * docs' example error; discord.js's DiscordErrorFieldInformation), not an integer; and a 429's
 * body has a `code` only "for some limits" (docs: Rate Limits, "Rate Limit Response
 * Structure", whose examples have none), where the description requires one.
 */
function correct(doc: Json): void {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  const inner = schemas.InnerErrors as { properties: { _errors: { items: unknown } } };
  inner.properties._errors.items = {
    type: 'object',
    properties: { code: { type: 'string' }, message: { type: 'string' } },
    required: ['code', 'message'],
  };
  const limited = schemas.RatelimitedResponse as { allOf: unknown[] };
  limited.allOf[0] = {
    type: 'object',
    properties: { code: { type: 'integer' }, message: { type: 'string' } },
    required: ['message'],
  };
}

/** An integer schema that also takes a string of digits (its bounds apply to numbers only). */
function acceptDigitStrings(node: Json): void {
  const types = node.type === undefined ? [] : [node.type].flat();
  if (!types.includes('integer') || types.includes('string') || 'enum' in node) return;
  node.type = [...types, 'string'];
  node.pattern = DIGITS;
}

/** Visits every object of the document (schemas, and everything else, which is harmless). */
function walk(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Json);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}
