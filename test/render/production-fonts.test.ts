import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allFaces } from '../../src/render/font-catalog';
import { ROOT } from '../support/serve';

/**
 * A production install prunes what production never reads (scripts/prune-production.mjs, issue
 * 31 item 4): the fonts the renderer loads survive it, everything else of @fontsource goes. Run
 * on a copy of node_modules made of empty files with the same names. That the pictures come out
 * the same from a real pruned install: test/deploy/deploy-files.test.ts.
 */
const MODULES = join(ROOT, 'node_modules');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An empty file at each path, under a fresh node_modules; its path. */
function tree(paths: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'tally-prune-'));
  const modules = join(dir, 'node_modules');
  for (const path of paths) {
    mkdirSync(dirname(join(modules, path)), { recursive: true });
    writeFileSync(join(modules, path), '');
  }
  return modules;
}

const prune = (modules: string) =>
  execFileSync(process.execPath, [join(ROOT, 'scripts/prune-production.mjs'), '--force', modules], {
    encoding: 'utf8',
  });

const files = (modules: string) =>
  readdirSync(modules, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(modules, join(e.parentPath, e.name)))
    .sort();

describe('a production install’s fonts', () => {
  it('GIVEN @fontsource’s files THEN every file a picture may load is kept and the rest go', () => {
    const packages = [
      ...new Set(
        allFaces().map((f) => relative(MODULES, f.file(400)).split('/').slice(0, 2).join('/')),
      ),
    ];
    const all = packages.flatMap((p) =>
      readdirSync(join(MODULES, p), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(MODULES, join(e.parentPath, e.name))),
    );
    const modules = tree(all);
    expect(prune(modules)).toMatch(/fonts the renderer does not load/);

    for (const face of allFaces()) {
      for (const weight of [400, 700] as const) {
        expect(existsSync(join(modules, relative(MODULES, face.file(weight))))).toBe(true);
      }
    }
    const kept = files(modules);
    // Only WOFF 1.0 at 400 and 700, and what the catalog reads about them.
    expect(kept.filter((f) => !/-(400|700)-normal\.woff$/.test(f))).toEqual(
      packages
        .flatMap((p) => ['LICENSE', 'package.json', 'unicode.json'].map((f) => `${p}/${f}`))
        .sort(),
    );
    // Symbols 2: the one subset the catalog loads, no other (its math, braille, Latin…).
    expect(kept.filter((f) => f.startsWith('@fontsource/noto-sans-symbols-2/files/'))).toEqual([
      '@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff',
    ]);
    expect(kept.length).toBeLessThan(all.length / 8);
  });

  it('GIVEN files of every rule THEN code, licences and this platform’s binary stay', () => {
    const here = `${process.platform}-${process.arch}.node`;
    const other = process.platform === 'win32' ? 'darwin-arm64.node' : 'win32-x64.node';
    const kept = [
      'satori/dist/index.js',
      'satori/LICENSE',
      'zod/LICENSE.md',
      'lodash/map.js',
      'typeorm/index.js',
      'typeorm/driver/sqlite/index.js',
      `better-sqlite3/prebuilds/${here}`,
      'better-sqlite3/lib/index.js',
      'a/node_modules/b/index.mjs',
    ];
    const pruned = [
      'satori/dist/index.js.map',
      'satori/dist/index.d.ts',
      'satori/README.md',
      'typeorm/browser/index.js',
      'typescript/lib/typescript.js',
      `better-sqlite3/prebuilds/${other}`,
      'better-sqlite3/deps/sqlite3/sqlite3.c',
      'better-sqlite3/src/better_sqlite3.cpp',
      'a/node_modules/b/index.d.cts',
      'a/node_modules/typeorm/browser/index.js',
    ];
    const modules = tree([...kept, ...pruned]);
    prune(modules);
    expect(files(modules)).toEqual([...kept].sort());
  });
});
