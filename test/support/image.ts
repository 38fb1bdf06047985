import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { ROOT } from './serve';

/**
 * The container image as its Dockerfile describes it, for the tests that start Tally the way the
 * image (test/deploy/deploy-files.test.ts) or compose.yaml (test/deploy/compose.test.ts) would:
 * no Docker engine runs here.
 */
export interface ImageConfig {
  /** Its ENV lines. */
  env: Record<string, string>;
  entrypoint: string[];
  cmd: string[];
}

export async function readImageConfig(): Promise<ImageConfig> {
  const instructions = DockerfileParser.parse(
    await readFile(join(ROOT, 'Dockerfile'), 'utf8'),
  ).getInstructions();
  const execForm = (name: string) =>
    JSON.parse(
      instructions.find((i) => i.getKeyword() === name)!.getRawArgumentsContent()!,
    ) as string[];
  const env = Object.fromEntries(
    instructions
      .filter((i) => i.getKeyword() === 'ENV')
      .flatMap((i) =>
        (i as unknown as { getProperties(): { getName(): string; getValue(): string }[] })
          .getProperties()
          .map((p) => [p.getName(), p.getValue()]),
      ),
  ) as Record<string, string>;
  return { env, entrypoint: execForm('ENTRYPOINT'), cmd: execForm('CMD') };
}

export interface ImageProcess {
  child: ChildProcess;
  /** Its stdout and stderr so far. */
  output(): string;
  /** Its exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts an image's argv (`node …` runs on this test's node) with exactly `env`. */
export function startImageProcess(
  argv: string[],
  cwd: string,
  env: Record<string, string>,
): ImageProcess {
  const [command, ...args] = argv;
  const child = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}
