import { readFileSync } from 'node:fs';
import type { RequestHandler } from 'express';

export const OPENAPI_PATH = new URL('../../openapi/openapi.yaml', import.meta.url);

/** The machine-readable description, served outside /v1 (DESIGN.md 3); read once per app. */
export function openapiRoute(): RequestHandler {
  const document = readFileSync(OPENAPI_PATH, 'utf8');
  return (_req, res) => {
    res.type('application/yaml').send(document);
  };
}
