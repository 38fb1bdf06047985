import { InvalidArgumentError, type Command } from 'commander';
import type { Context } from '../pipeline/context';

/**
 * What every command group of the operator CLI (DESIGN.md 4) is registered with: the program,
 * and a context opened for one command and always closed (the composition root, src/cli.ts,
 * makes it). Commands call use cases and print what they return.
 */
export interface Cli {
  program: Command;
  withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T>;
}

type Printer = (json: object, text: string) => void;

/** Every command that reports something takes --json: the object for scripts, else the text. */
export const printer =
  (opts: { json?: boolean }): Printer =>
  (json, text) =>
    console.log(opts.json ? JSON.stringify(json) : text);

/** A list as JSON: one envelope for every list the CLI prints, as the API's pages have it. */
export const listJson = <T>(data: readonly T[]) => ({ data });

export const int = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};
