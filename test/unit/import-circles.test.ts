import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';

/**
 * Issue 25 item 5: no module imports itself back, through values or types. The scheduler knows
 * no job (the composition root registers them), and the domain's vocabulary sits below the
 * rules that use it. dpdm reads the sources as TypeScript, type-only imports included.
 */
describe('import circles', () => {
  it('GIVEN every entry point (tally serve, the CLI, the commands) THEN no module imports itself back', async () => {
    const tree = await parseDependencyTree(['src/main.ts', 'src/cli.ts', 'commands/index.ts'], {
      cwd: ROOT,
      context: ROOT,
      transform: false,
      include: /\.ts$/,
      exclude: /node_modules/,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(200); // it did read the tree
    expect(parseCircular(tree).map((circle) => circle.join(' → '))).toEqual([]);
  }, 60_000);
});
