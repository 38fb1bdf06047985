#!/usr/bin/env node
/* global console, process */
// A production install (`npm ci --omit=dev`) without the files production never reads
// (issue 31 item 4: at most 150 MB, CJK, Arabic and emoji names still drawn). package.json's
// "postinstall" runs this; it prunes only a production install: npm was told to omit dev
// dependencies (npm_config_omit), or TypeScript is not installed (the test "prepare" makes too),
// so a development install keeps everything. `--force` prunes anyway.
//
//   node scripts/prune-production.mjs [--force] [node_modules folder]
//
// Most of a production install is never read: @fontsource ships 9 weights in 2 formats of each
// family (212 MB of CJK) where the renderer loads WOFF 1.0 at 400 and 700 (satori reads no WOFF2;
// src/render/font-catalog.ts), and packages ship source maps, type declarations, a browser build
// and sources to compile from. Nothing is downloaded and no package is replaced: files are deleted
// by the rules below, each with the reason it is safe. After a pruned install, `npm ci` (not
// `npm install`) makes a development install again.
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The font files the renderer loads, relative to an @fontsource package (font-catalog.ts). */
export const LOADED_FONT = /^files\/[^/]+-(400|700)-normal\.woff$/;
/**
 * Packages of which the renderer loads one subset only (font-catalog.ts SUBSETS): Noto Sans
 * Symbols 2's "symbols" (290 KB); its Latin, math, braille and Mayan numeral files go.
 */
const ONE_SUBSET = { 'noto-sans-symbols-2': 'symbols' };
/** What a font package keeps besides them: its metadata (the catalog reads unicode.json), licence. */
const FONT_METADATA = /^(package\.json|unicode\.json|LICENSE)$/;
const LICENCE = /^(licen[cs]e|notice|copying|authors)/i;

/**
 * Why production never reads `rel` (a path under node_modules, `/`-separated), or undefined to
 * keep it. A directory whose answer is a reason goes whole.
 */
export function unread(rel, isDir, { platform = process.platform, arch = process.arch } = {}) {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const [, pkg, font] = /^@fontsource\/([^/]+)\/(.+)$/.exec(rel) ?? [];
  if (font !== undefined) {
    const subset = ONE_SUBSET[pkg];
    const loaded = subset
      ? font.startsWith(`files/${pkg}-${subset}-`) && LOADED_FONT.test(font)
      : LOADED_FONT.test(font);
    if (isDir ? font === 'files' : loaded || FONT_METADATA.test(font)) return undefined;
    return 'fonts the renderer does not load (other weights, WOFF2) and CSS';
  }
  if (isDir) {
    if (rel === 'typescript')
      return "TypeScript, which npm keeps as i18next's optional peer; production compiles nothing";
    if (rel === 'typeorm/browser') return "TypeORM's browser build (package.json browser field)";
    if (rel === 'better-sqlite3/deps' || rel === 'better-sqlite3/src')
      return "better-sqlite3's sources, for a build from source (it loads a prebuilt binary)";
    return undefined;
  }
  const prebuild = /^better-sqlite3\/prebuilds\/([a-z0-9]+?)(musl)?-([a-z0-9]+)\.node$/.exec(rel);
  if (prebuild && (prebuild[1] !== platform || prebuild[3] !== arch))
    return "another platform's prebuilt better-sqlite3";
  if (/\.(c|m)?js\.map$|\.css\.map$|\.d\.(c|m)?ts\.map$/.test(name))
    return 'a source map (read only by debuggers and --enable-source-maps)';
  if (/\.d\.(c|m)?ts$/.test(name)) return 'a type declaration (read only by tsc)';
  if (/\.(md|markdown)$/i.test(name) && !LICENCE.test(name)) return 'documentation';
  return undefined;
}

/** Deletes what `unread` names under `root`; what went, by reason: files and bytes. */
export function prune(root, options) {
  const removed = new Map();
  const count = (reason, files, bytes) => {
    const r = removed.get(reason) ?? { files: 0, bytes: 0 };
    removed.set(reason, { files: r.files + files, bytes: r.bytes + bytes });
  };
  const walk = (dir, rel) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      // A nested install's packages answer to the same rules as hoisted ones.
      const key = relPath.replace(/^(?:.*\/)?node_modules\//, '');
      if (entry.isSymbolicLink()) continue;
      const reason = unread(key, entry.isDirectory(), options);
      if (reason) {
        const { files, bytes } = entry.isDirectory()
          ? size(path)
          : { files: 1, bytes: lstatSync(path).size };
        rmSync(path, { recursive: true, force: true });
        count(reason, files, bytes);
      } else if (entry.isDirectory()) {
        walk(path, relPath);
      }
    }
  };
  walk(root, '');
  return removed;
}

function size(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

function developmentInstall(root) {
  // `npm ci --omit=dev` says so to its scripts. TypeScript alone no longer tells: an optional peer
  // of a production dependency (i18next), npm installs it with --omit=dev too.
  if ((process.env.npm_config_omit ?? '').split(/[\s,]+/).includes('dev')) return false;
  try {
    createRequire(join(root, 'package.json')).resolve('typescript');
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const dir = resolve(args.find((a) => a !== '--force') ?? 'node_modules');
  if (!force && developmentInstall(resolve(dir, '..'))) process.exit(0);
  const removed = prune(dir);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  let total = 0;
  for (const [reason, { files, bytes }] of removed) {
    total += bytes;
    console.log(`prune-production: ${mb(bytes).padStart(8)} in ${files} files: ${reason}`);
  }
  console.log(`prune-production: ${mb(total)} removed that production never reads`);
}
