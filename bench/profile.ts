import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './backends';
import type { BenchConfig } from './config';
import { LoadGenerator } from './load/client';
import { MIXED_SCENARIOS, planStreams, runStreams } from './mixed';
import { backendUnits, servicePids, startBackend, writeUnits, type Unit } from './targets';

/**
 * BENCH_PROFILE=<scenario>: runs Tally with --cpu-prof under the closed-loop load of that
 * scenario on the largest board of each backend and prints where the server's CPU time went.
 * BENCH_PROFILE=mixed: the mixed-load unit's four streams at once (bench/mixed.ts), at the first
 * of BENCH_MIXED_FRACTIONS of each one's closed-loop rate measured just before, unprofiled.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function runProfile(config: BenchConfig, log: (m: string) => void): Promise<void> {
  const scenario = config.profile!;
  const load = await LoadGenerator.start(config.loadCpu);
  const seconds = Math.max(10, config.seconds * 2);
  for (const name of config.backends) {
    const dir = join(DATA_DIR, 'profiles', name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const running = await startBackend(name, config, log, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    const largest = config.sizes[config.sizes.length - 1]!;
    const scenarios = scenario === 'mixed' ? MIXED_SCENARIOS : [scenario];
    const only = { ...config, scenarios, sizes: [largest] };
    const units = [
      ...(await backendUnits(running, only, servicePids())),
      ...writeUnits(running, only, servicePids()),
    ];
    if (units.length === 0) throw new Error(`no such scenario: ${scenario}`);
    const job = (unit: Unit) => ({
      url: unit.url,
      headers: unit.headers,
      scenario: unit.scenario,
      params: unit.params,
      connections: unit.connections ?? config.connections,
    });
    const rates: { unit: Unit; rps: number; cpu: null }[] = [];
    for (const unit of units) {
      await load.closed({ ...job(unit), seconds: config.warmupSeconds });
      if (scenario === 'mixed') {
        const { rps } = await load.closed({ ...job(unit), seconds: config.seconds });
        rates.push({ unit, rps, cpu: null });
      }
    }
    // Start-up (module loading, migrations), warm-up and the closed loops that set the mixed
    // rates are left out of the summary.
    const skipMs = performance.now() - running.spawnedAt;
    if (scenario === 'mixed') {
      const planned = planStreams(rates, config.mixedFractions[0]!, config);
      const results = await runStreams(planned, load, seconds);
      planned.forEach((p, i) =>
        log(
          `${p.unit.label} @ ${p.rate}/s of ${p.rps.toFixed(0)}: p50 ${results[i]!.latency.p50.toFixed(2)} ` +
            `p99 ${results[i]!.latency.p99.toFixed(2)} ms, from send p99 ${results[i]!.service.p99.toFixed(2)} ms`,
        ),
      );
    } else {
      const result = await load.closed({ ...job(units[0]!), seconds });
      log(`${units[0]!.label}: ${result.rps.toFixed(0)} req/s while profiling`);
    }
    await running.server.stop();
    await running.dataSource.destroy();
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
    console.log(`\n== ${name}: ${scenario} ${largest} — ${join(dir, file)} ==`);
    console.log(
      summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, skipMs),
    );
  }
  await load.stop();
}

/** Self time per function and per area (a package, src/, Node internals, GC, idle). */
export function summariseProfile(profile: CpuProfile, skipMs = 0, top = 30): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsedUs += delta;
    if (elapsedUs >= skipMs * 1000) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url
      .replace(/^file:\/\//, '')
      .replace(/^.*\/(node_modules\/)/, '$1')
      .replace(/^.*\/(src|bench|entities)\//, '$1/');
    const fn = `${frame.functionName || '(anonymous)'}  ${where}${where ? `:${frame.lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    areas.set(areaOf(frame), (areas.get(areaOf(frame)) ?? 0) + us);
  }
  const lines = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  return [
    `by area (self time, ${(total / 1e6).toFixed(1)} s sampled):`,
    ...lines(areas, 15),
    `\ntop ${top} functions (self time):`,
    ...lines(fns, top),
  ].join('\n');
}

function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const own = /\/(src\/[^/]+|entities|bench)\//.exec(url);
  return own ? own[1]! : url;
}
