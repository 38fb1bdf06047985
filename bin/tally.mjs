#!/usr/bin/env node
// The `tally` binary (DESIGN.md 4): runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
