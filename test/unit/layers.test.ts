import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';

/**
 * The layers of ARCHITECTURE.md, as `npm run lint` enforces them (eslint-plugin-boundaries in
 * eslint.config.js): a planted import against the direction of each layer is an error, and the
 * imports each layer is meant to make are not.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('layer rules', () => {
  it.each([
    ['src/domain/planted.ts', "import '../store/entries';", 'domain → store'],
    ['src/domain/planted.ts', "import '../../entities/board';", 'domain → entities'],
    ['src/domain/planted.ts', "import 'typeorm';", 'domain → typeorm'],
    ['entities/planted.ts', "import '../src/store/entries';", 'entities → store'],
    ['migrations/planted.ts', "import '../src/store/entries';", 'migrations → store'],
    ['src/config/planted.ts', "import '../pipeline/context';", 'config → pipeline'],
    ['src/store/planted.ts', "import '../pipeline/context';", 'store → pipeline'],
    ['src/pipeline/planted.ts', "import '../bot/names';", 'pipeline → bot'],
    ['src/pipeline/planted.ts', "import '../api/app';", 'pipeline → api'],
    ['src/http/planted.ts', "import '../pipeline/context';", 'http → pipeline'],
    ['src/api/planted.ts', "import '../web/board-page';", 'api → web'],
    ['src/api/planted.ts', "import '../store/entries';", 'api → store'],
    ['src/web/planted.ts', "import '../api/app';", 'web → api'],
    ['src/bot/planted.ts', "import '../../commands/index';", 'bot → commands'],
    ['src/bot/planted.ts', "import '../api/app';", 'bot → api'],
    ['commands/planted.ts', "import '../src/api/app';", 'commands → api'],
    ['commands/planted.ts', "import '../src/store/entries';", 'commands → store'],
    ['src/demo/planted.ts', "import '../api/app';", 'demo → api'],
    ['src/render/planted.ts', "import '../pipeline/context';", 'render → pipeline'],
    ['src/client/planted.ts', "import '../domain/ids';", 'client → domain'],
    ['src/client/planted.ts', "import '../config';", 'client → config'],
    ['src/render/planted.ts', "import '../../entities/board';", 'render → entities'],
    ['src/cli/planted.ts', "import '../store/entries';", 'cli → store'],
    ['src/cli/planted.ts', "import '../api/app';", 'cli → api'],
    ['src/cli/planted.ts', "import '../main';", 'cli → the composition root'],
    ['src/api/serialize/planted.ts', "import '../app';", 'serialize → api'],
  ])('GIVEN %s importing against the layers (%s) THEN lint fails', async (file, source) => {
    expect(await boundaryErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ['src/domain/planted.ts', "import './vocabulary';"],
    ['entities/planted.ts', "import '../src/domain/vocabulary';"],
    ['src/store/planted.ts', "import '../domain/ranking'; import '../../entities/board';"],
    ['src/pipeline/planted.ts', "import '../store/entries'; import '../log';"],
    ['src/api/planted.ts', "import '../pipeline/standings'; import '../http/params';"],
    ['src/web/planted.ts', "import '../pipeline/standings'; import '../http/params';"],
    ['src/web/planted.ts', "import '../render/types';"],
    ['commands/planted.ts', "import '../src/render/types';"],
    ['src/bot/planted.ts', "import '../pipeline/review'; import '../config';"],
    ['commands/planted.ts', "import '../src/pipeline/submit'; import '../src/bot/command';"],
    ['src/cli/planted.ts', "import '../pipeline/boards'; import '../api/serialize/board';"],
    [
      'src/planted.ts',
      "import './api/app'; import './web/board-page'; import '../commands/index';",
    ],
  ])('GIVEN %s importing along the layers THEN lint allows it', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });

  it('GIVEN the clock or the environment in the domain THEN lint fails', async () => {
    const [result] = await eslint.lintText(
      'export const a = Date.now();\nexport const b = new Date();\nexport const c = process.env.X;\n',
      { filePath: join(ROOT, 'src/domain/planted.ts') },
    );
    const rules = (result?.messages ?? []).map((m) => m.ruleId);
    expect(rules).toEqual([
      'no-restricted-properties',
      'no-restricted-syntax',
      'no-restricted-properties',
    ]);
  });
});

/**
 * Issue 25 item 1: edges call use cases, so no repository is within their reach, however it
 * would be spelled: through the context, destructured from it, named as a type, or imported.
 */
describe('edges and the store', () => {
  const EDGES = [
    'src/api/planted.ts',
    'src/api/routes/planted.ts',
    'src/web/planted.ts',
    'src/bot/planted.ts',
    'src/bot/jobs/planted.ts',
    'commands/planted.ts',
    'src/cli/planted.ts',
    'src/demo/planted.ts',
  ];
  const FORMS = [
    [
      'a read through the context',
      'export const f = (ctx: { repos: { x: () => 1 } }) => ctx.repos.x();',
    ],
    ['destructured', 'export const f = ({ repos }: { repos: unknown }) => repos;'],
    ['as a type', "export type T = { repos: { keys: number } }['repos']['keys'];"],
  ] as const;

  async function edgeErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: join(ROOT, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  }

  it.each(EDGES.flatMap((file) => FORMS.map(([form, source]) => [file, form, source] as const)))(
    'GIVEN %s reaching a repository (%s) THEN lint fails, naming use cases',
    async (file, _form, source) => {
      const errors = await edgeErrors(file, source);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatch(/use case/);
    },
  );

  it.each(['src/pipeline/planted.ts', 'src/store/planted.ts'])(
    'GIVEN %s (a use case or a repository) using repositories THEN lint allows it',
    async (file) => {
      expect(await edgeErrors(file, FORMS[0][1])).toEqual([]);
    },
  );
});
