#!/usr/bin/env node
/* global console, process */
// Fixes in installed dependencies that their latest release still needs. package.json's
// "postinstall" runs this on every install, development and production (`npm ci --omit=dev`,
// the Dockerfile) alike, before scripts/prune-production.mjs.
//
//   node scripts/patch-dependencies.mjs [node_modules folder]
//
// satori 0.63.2 places a glyph HarfBuzz offsets vertically (a combining mark) at
// `cursorY + dy * scale` (getSVG in its src/font.ts), but HarfBuzz's y offset points up and
// SVG's y down: it must be `cursorY - dy * scale`. Noto Sans Arabic draws most dotted letters
// as a base and a mark, so without the fix the dots of "علي"'s final yeh land inside the letter
// and those of "بيت" float above it (test/render/arabic-marks.test.ts). The one character is rewritten in each of satori's six built
// files, where the expression reads `let K=r+Y.dx*b,z=c+Y.dy*b,` (minified names differ by
// file), and nowhere else: each file must hold it exactly once, else the install fails. A satori
// of another version is left alone with a warning: the rendering test then says whether it still
// needs the fix (delete this one, or update its version). Running it again changes nothing.
//
// Why not patch-package: it would be a production dependency (it must run under
// `npm ci --omit=dev`) with 14 of its own, against a 150 MB limit already nearly used, and its
// patch of these minified files would be six 24 KB lines twice over, which nobody can review.
// npm itself has no patching of dependencies.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SATORI_VERSION = '0.63.2';
export const SATORI_FILES = [
  'index.js',
  'index.cjs',
  'experimental.js',
  'experimental.cjs',
  'standalone.js',
  'standalone.cjs',
].map((file) => `dist/${file}`);

/**
 * `x = cursorX + glyph.dx * scale, y = cursorY ± glyph.dy * scale,` as built, the y offset's
 * sign apart: the same glyph and scale as the x offset's, so nothing else matches.
 */
const GLYPH_OFFSET =
  /(?<before>(?<![\w$])[\w$]+=[\w$]+\+(?<glyph>[\w$]+)\.dx\*(?<scale>[\w$]+),[\w$]+=[\w$]+)(?<sign>[+-])(?<after>\k<glyph>\.dy\*\k<scale>,)/g;

/**
 * Applies the fix to the satori package in `dir`. Returns what it did per file ('fixed' or
 * 'already fixed'), or `{ skipped }` with the reason when satori is absent or another version;
 * throws when a file of 0.63.2 does not hold the expression exactly once.
 */
export function patchSatori(dir) {
  let version;
  try {
    version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return { skipped: `satori is not installed in ${dir}` };
  }
  if (version !== SATORI_VERSION)
    return {
      skipped:
        `satori is ${version}, the fix of its Arabic marks (y offsets drawn upside down) was ` +
        `written for ${SATORI_VERSION}: not applied. test/render/arabic-marks.test.ts says ` +
        `whether ${version} still needs it; update or delete the fix in ` +
        `scripts/patch-dependencies.mjs`,
    };
  const changes = [];
  for (const file of SATORI_FILES) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const found = [...text.matchAll(GLYPH_OFFSET)];
    if (found.length !== 1)
      throw new Error(
        `satori ${version}'s ${file} holds the glyph offset expression ${found.length} times, ` +
          `not once: the installed files are not the ones the fix was written for`,
      );
    const { index, 0: whole, groups } = found[0];
    if (groups.sign === '-') {
      changes.push([file, 'already fixed']);
      continue;
    }
    const fixed =
      text.slice(0, index) + `${groups.before}-${groups.after}` + text.slice(index + whole.length);
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, fixed);
    renameSync(partial, path);
    changes.push([file, 'fixed']);
  }
  return { changes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const modules = resolve(process.argv[2] ?? 'node_modules');
  try {
    const result = patchSatori(join(modules, 'satori'));
    if (result.skipped) console.warn(`patch-dependencies: WARNING: ${result.skipped}`);
    else {
      const fixed = result.changes.filter(([, what]) => what === 'fixed').length;
      console.log(
        `patch-dependencies: satori ${SATORI_VERSION}: vertical glyph offsets (Arabic marks) ` +
          (fixed ? `fixed in ${fixed} file${fixed === 1 ? '' : 's'}` : 'already fixed'),
      );
    }
  } catch (error) {
    console.error(`patch-dependencies: FAILED: ${error.message}`);
    console.error(
      'patch-dependencies: the install stops here rather than draw Arabic names wrongly; ' +
        'see scripts/patch-dependencies.mjs',
    );
    process.exit(1);
  }
}
