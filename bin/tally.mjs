#!/usr/bin/env node
// The `tally` binary (DESIGN.md 4): runs the TypeScript CLI through tsx's loader.
//
// First the Node version, against package.json's "engines", before tsx or anything native is
// loaded: on an unsupported Node (say the system's 20 after `npm ci` ran on 24) a native module
// built for another ABI can end the process with a segmentation fault and no word (issue 30).
// Only syntax and modules every Node since 12 has, so the message is printed on any of them.
/* global console, process, URL */
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const range = engines.node;
const numbers = (version) => version.replace(/^v/, '').split('.').map(Number);
// "^22.13.0 || ^24.11.0 || ^26.0.0": the same major, at least that minor and patch.
const supported = (version) =>
  range.split('||').some((part) => {
    const [major, minor, patch] = numbers(part.trim().replace(/^\^/, ''));
    const [m, n, p] = numbers(version);
    return m === major && (n > minor || (n === minor && p >= patch));
  });

if (!supported(process.version)) {
  // ^24.11.0 reads 24.11+, ^26.0.0 reads 26.
  const lines = range.split('||').map((part) =>
    part
      .trim()
      .replace(/^\^(\d+)\.0\.0$/, '$1')
      .replace(/^\^(\d+\.\d+)\.0$/, '$1+'),
  );
  console.error(
    [
      `tally: Node ${process.version} is not supported; Tally runs on Node ${lines.join(', ')} (package.json "engines": ${range}).`,
      'Get one of them:',
      '  bash scripts/with-node.sh 24 npm ci                 # installs Node 24 once under ~/.cache/tally/node and runs the command with it',
      '  bash scripts/with-node.sh 24 node bin/tally.mjs serve --demo',
      '  or install Node 24 from https://nodejs.org (or `nvm install 24`) and run Tally with that node.',
    ].join('\n'),
  );
  process.exit(1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/cli.ts');
