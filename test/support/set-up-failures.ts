import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

/**
 * A failed set-up is a failed test (issue 25 item 6). Vitest reports the tests under a
 * `beforeAll` that threw as "skipped": a run could exit 1 with a summary of "1061 passed,
 * 4 skipped" and nothing failed in sight. This reporter, beside the default one, names each
 * set-up that failed and what it kept from running, and closes the run with one line that
 * counts those tests as failed: `Summary: 1223 passed, 4 failed`.
 */
export default class SetUpFailures implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    const unrun = new Map<string, { why: string; tests: number }>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else if (test.options.mode === 'run' || test.options.mode === 'only') {
          const broken = failedSetUp(test);
          if (!broken) continue;
          failed++;
          const place = placeOf(broken);
          const seen = unrun.get(place) ?? { why: whyOf(broken), tests: 0 };
          unrun.set(place, { ...seen, tests: seen.tests + 1 });
        }
      }
    }
    const lines: string[] = [];
    for (const [place, { why, tests }] of unrun) {
      lines.push(`Set-up failed: ${place}: ${why}`);
      lines.push(`  ${tests} test${tests === 1 ? '' : 's'} could not run and count as failed.`);
    }
    lines.push(`Summary: ${passed} passed, ${failed} failed`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}

/** The nearest suite or file around the test whose set-up threw, if one did. */
function failedSetUp(test: TestCase): TestSuite | TestModule | null {
  for (let at: TestSuite | TestModule = test.parent; ; at = at.parent) {
    if (at.errors().length > 0) return at;
    if (at.type === 'module') return null;
  }
}

const placeOf = (at: TestSuite | TestModule) =>
  at.type === 'module' ? at.relativeModuleId : `${at.module.relativeModuleId} › ${at.fullName}`;

const whyOf = (at: TestSuite | TestModule) =>
  (at.errors()[0]?.message ?? 'an error in beforeAll').split('\n')[0]!;
