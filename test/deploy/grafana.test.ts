import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * Issue 30, metrics dashboard: deploy/grafana-dashboard.json is a Grafana dashboard on a
 * Prometheus data-source variable, and every metric name its queries use is one a running
 * Tally's /metrics exposes (and every tally_ metric it exposes is charted).
 */
interface Target {
  refId: string;
  expr: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
}
interface Variable {
  type: string;
  name: string;
  query: unknown;
  definition?: string;
  datasource?: { type: string; uid: string };
}
interface Dashboard {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Variable[] };
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: identifiers outside label matchers `{…}`, range
 * selectors `[…]`, strings and grouping clauses, that are not a function (`name(`) or a keyword.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const found of bare.matchAll(/(?<![\w$.])([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    if (found[2] || PROMQL_WORDS.has(found[1]!.toLowerCase())) continue;
    names.add(found[1]!);
  }
  return [...names];
}

/** The series names a Prometheus text exposition offers (a histogram: _bucket, _sum, _count). */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      const [, name, kind] = type;
      if (kind === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
      else if (kind === 'summary') for (const s of ['', '_sum', '_count']) names.add(name + s);
      else names.add(name!);
    } else if (line && !line.startsWith('#')) names.add(/^[^{\s]+/.exec(line)![0]);
  }
  return names;
}

describe('the Grafana dashboard (deploy/grafana-dashboard.json)', () => {
  let dashboard: Dashboard;
  let tally: TestTally;
  let metrics: string;
  beforeAll(async () => {
    dashboard = JSON.parse(
      await readFile(join(ROOT, 'deploy', 'grafana-dashboard.json'), 'utf8'),
    ) as Dashboard;
    tally = await startTestTally();
    // A few requests (a 200, a 401, a 404), so the request series have samples.
    const owner = await tally.owner();
    const key = await tally.key({ ownerId: owner });
    await tally.request('GET', '/v1/boards', { key });
    await tally.request('GET', '/v1/boards');
    await tally.request('GET', '/nothing-here');
    metrics = (await tally.request('GET', '/metrics')).text;
  });
  afterAll(() => tally?.stop());

  const panels = () => dashboard.panels.filter((p) => p.type !== 'row');
  const exprs = () => [
    ...panels().flatMap((p) => p.targets!.map((t) => t.expr)),
    // A variable's label_values(metric, label) reads the metric named first.
    ...dashboard.templating.list.flatMap((v) =>
      v.type === 'query' ? [/^label_values\(([^,]+),/.exec(v.definition ?? '')?.[1] ?? ''] : [],
    ),
  ];

  it('GIVEN its JSON THEN it is a dashboard whose panels query a Prometheus data-source variable', () => {
    expect(dashboard).toMatchObject({
      title: expect.any(String),
      uid: expect.stringMatching(/^[\w-]{1,40}$/),
      schemaVersion: expect.any(Number),
    });
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const datasource = { type: 'prometheus', uid: `\${${variable!.name}}` };
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(panels().length).toBeGreaterThan(0);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === 'row') continue;
      expect(panel.datasource, panel.title).toEqual(datasource);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
      for (const target of panel.targets!) {
        expect(target.datasource ?? datasource).toEqual(datasource);
        expect(target.expr.trim(), panel.title).not.toBe('');
      }
    }
    for (const v of dashboard.templating.list.filter((x) => x.type === 'query'))
      expect(v.datasource).toEqual(datasource);
  });

  it('GIVEN its panels THEN they chart requests, latency, the queue, rate limits, Discord and the scheduler', () => {
    const charted = (name: string) =>
      panels()
        .filter((p) => p.targets!.some((t) => metricNames(t.expr).includes(name)))
        .map((p) => p.title);
    expect(charted('tally_http_requests_total').length).toBeGreaterThan(0);
    expect(charted('tally_http_request_duration_seconds_bucket').length).toBeGreaterThan(0);
    for (const name of [
      'tally_queue_depth',
      'tally_worker_lag_seconds',
      'tally_rate_limit_rejections_total',
      'tally_discord_errors_total',
      'tally_scheduler_lag_seconds',
    ])
      expect(charted(name), name).toHaveLength(1);
  });

  it('GIVEN a running Tally THEN every metric name the queries use is one /metrics exposes', () => {
    const exposed = exposedNames(metrics);
    const used = [...new Set(exprs().flatMap(metricNames))].sort();
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((name) => !exposed.has(name))).toEqual([]);
    // …and every tally_ series family is on the dashboard, so a new metric gets a panel.
    const families = [...metrics.matchAll(/^# TYPE (tally_\S+) (\S+)$/gm)].map((m) => m[1]!);
    expect(families.filter((family) => !used.some((name) => name.startsWith(family)))).toEqual([]);
  });

  it('GIVEN PromQL THEN the names are read past functions, matchers, ranges and groupings', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{route=~"x{1}", b="c"}[$__rate_interval]))) / on(instance) b_total offset 5m',
      ).sort(),
    ).toEqual(['a_bucket', 'b_total']);
    expect(metricNames('sum(rate(x_total[5m])) * 2 > bool 1e3 and nan')).toEqual(['x_total']);
  });
});
