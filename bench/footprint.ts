import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './backends';
import type { TargetCheck } from './report';

/**
 * The production install's size (issue 31 item 4): `npm ci --omit=dev` in a temporary folder
 * with what the Dockerfile copies before it (package.json, the lock file, .npmrc and the
 * postinstall's scripts), install scripts run as they do for real. The figure is kept per hash
 * of those files and this Node, so a second bench run does not install again.
 */
export const FOOTPRINT_MAX_MB = 150;
const INPUTS = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'scripts/patch-dependencies.mjs',
  'scripts/prune-production.mjs',
];

export interface Footprint {
  /** du's figure, blocks on disk, in MB of 10^6 bytes (du -h's M is 2^20: 150 MB is 143 of them). */
  diskMb: number;
  /** The files' own sizes, MB. */
  filesMb: number;
  files: number;
  /** The largest packages on disk, MB. */
  largest: [string, number][];
  /** Read from an earlier run's record (same inputs). */
  cached: boolean;
}

/** As du counts: blocks on disk, a file with several links once (esbuild links its binary). */
function usage(dir: string): { disk: number; bytes: number; files: number } {
  let [disk, bytes, files] = [0, 0, 0];
  const seen = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const stat = lstatSync(join(entry.parentPath, entry.name));
    if (stat.nlink > 1 && !stat.isDirectory()) {
      if (seen.has(`${stat.dev}:${stat.ino}`)) continue;
      seen.add(`${stat.dev}:${stat.ino}`);
    }
    disk += stat.blocks * 512;
    bytes += stat.isFile() ? stat.size : 0;
    files += stat.isFile() ? 1 : 0;
  }
  return { disk, bytes, files };
}

function packages(modules: string): string[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(modules, name)).map((p) => `${name}/${p}`) : [name],
    );
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

async function install(): Promise<Omit<Footprint, 'cached'>> {
  const dir = mkdtempSync(join(tmpdir(), 'tally-footprint-'));
  try {
    for (const file of INPUTS) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
    await promisify(execFile)(
      'npm',
      ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: dir, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const modules = join(dir, 'node_modules');
    const total = usage(modules);
    const largest = packages(modules)
      .map((p): [string, number] => [p, mb(usage(join(modules, p)).disk)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    return { diskMb: mb(total.disk), filesMb: mb(total.bytes), files: total.files, largest };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureFootprint(log: (m: string) => void): Promise<Footprint> {
  const hash = createHash('sha256').update(process.version);
  for (const file of INPUTS) hash.update(readFileSync(join(ROOT, file)));
  const cacheDir = join(tmpdir(), 'tally-bench-footprint');
  const record = join(cacheDir, `${hash.digest('hex').slice(0, 16)}.json`);
  try {
    return { ...(JSON.parse(readFileSync(record, 'utf8')) as Footprint), cached: true };
  } catch {
    log('production install: npm ci --omit=dev in a temporary folder');
    const figure = await install();
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(record, JSON.stringify(figure));
    return { ...figure, cached: false };
  }
}

export function footprintLines(f: Footprint): string {
  return [
    '\n== production install (npm ci --omit=dev, install scripts run) ==',
    `node_modules: ${f.diskMb} MB on disk (du), ${f.filesMb} MB in ${f.files} files` +
      (f.cached ? ' (recorded for these inputs by an earlier run)' : ''),
    `largest: ${f.largest.map(([p, size]) => `${p} ${size} MB`).join(', ')}`,
  ].join('\n');
}

/** Not a backend's figure: the check names none. */
export const footprintChecks = (f: Footprint): TargetCheck[] => [
  {
    backend: '-',
    target: `production install (npm ci --omit=dev): node_modules ≤ ${FOOTPRINT_MAX_MB} MB on disk, fonts for CJK, Arabic and emoji included`,
    measured: `${f.diskMb} MB (${f.filesMb} MB in files)`,
    met: f.diskMb <= FOOTPRINT_MAX_MB,
    noise: undefined,
  },
];
