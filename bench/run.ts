import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './backends';
import { loadBenchConfig, QUICK_NOTE, type BenchConfig } from './config';
import { LoadGenerator } from './load/client';
import {
  measure,
  pinnedCores,
  progressLine,
  referenceLine,
  referenceRun,
  type Sample,
} from './measure';
import { measureSoaks, memoryChecks, memoryLines, type MemorySoak } from './memory';
import {
  chatFraction,
  measureMixed,
  mixedChecks,
  mixedEnabled,
  mixedLines,
  mixedUnits,
  type MixedResult,
} from './mixed';
import { installCleanup, stopAll, withCpu } from './processes';
import { runProfile } from './profile';
import {
  checkTargets,
  referenceLines,
  sizesNote,
  summarise,
  table,
  targetLines,
  withNoise,
  writeResults,
  type Row,
  type TargetCheck,
} from './report';
import {
  authTimingChecks,
  authTimingLines,
  measureAuthTiming,
  type AuthTiming,
} from './auth-timing';
import { explainChecks, explainLines, explainPages } from './explain';
import { footprintChecks, footprintLines, measureFootprint } from './footprint';
import { startFloor } from './floor';
import {
  chatEnabled,
  chatLoadChecks,
  chatLoadLines,
  measureChatLoad,
  type ChatLoadResult,
} from './chat-load';
import { pictureChecks, pictureUnit } from './pictures-load';
import { measureRender, renderLines, type RenderBench } from './render';
import {
  renderMemory,
  renderMemoryChecks,
  renderMemoryLines,
  renderMemoryPictures,
  type RenderMemory,
} from './render-memory';
import {
  backendUnits,
  captureBody,
  servicePids,
  startBackend,
  startBaselines,
  writeUnits,
  type RunningBackend,
  type Unit,
} from './targets';

/**
 * `npm run bench`: seeds (or reuses) boards on each backend, starts Tally, B0 and B1 pinned to
 * the server core and the load generator pinned to another, then runs interleaved rounds (every
 * unit once per round) and reports medians. README.md in this folder explains the method.
 */
const t0 = performance.now();
const log = (m: string) =>
  console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${m}`);

/** Wall time of each part of the run, printed at the end. */
const parts: [string, number][] = [];
async function timed<T>(part: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    parts.push([part, (performance.now() - started) / 1000]);
  }
}

async function setUp(config: BenchConfig) {
  const running: RunningBackend[] = [];
  const units: Unit[] = [];
  const services = servicePids();
  for (const name of config.backends) {
    log(`${name}: preparing boards of ${config.sizes.join(', ')} entries`);
    const backend = await timed(`${name}: seed or check boards, start Tally`, () =>
      startBackend(name, config, log),
    );
    running.push(backend);
    const pids = name === 'mariadb' ? services : {};
    const pictures = await pictureUnit(backend, config, {
      server: backend.server.child.pid,
      ...pids,
    });
    const writes = writeUnits(backend, config, pids);
    // Each write unit's p99 is compared with its backend's write floor at the same rate.
    for (const write of writes) write.reference = await startFloor(backend, write, config, pids);
    units.push(
      ...(await backendUnits(backend, config, pids)),
      ...writes,
      ...(pictures ? [pictures] : []),
    );
    log(`${name}: Tally listening at ${backend.url}`);
  }
  const first = running[0]!;
  const bodyFile = await captureBody(first, config.sizes[config.sizes.length - 1]!);
  const headers = { Authorization: `Bearer ${first.state.key.secret}` };
  const baselines = await startBaselines(config, bodyFile, headers);
  log(`baselines listening: ${baselines.units.map((u) => `${u.label} ${u.url}`).join(', ')}`);
  return { running, units: [...baselines.units, ...units] };
}

/**
 * From a fresh clone: on the default local services, scripts/services.sh (the one the tests use)
 * installs or starts MariaDB and Redis when they do not answer.
 */
function ensureServices(config: BenchConfig): void {
  if (!config.backends.includes('mariadb')) return;
  if (process.env.BENCH_MYSQL_URL || process.env.BENCH_REDIS_URL) return;
  execFileSync('bash', [join(ROOT, 'scripts/services.sh')], { stdio: 'inherit' });
}

async function main(): Promise<void> {
  const config = loadBenchConfig(process.argv.slice(2));
  // Tally, B0, B1 and the load generator all run on this Node (process.execPath).
  log(`Node ${process.version} for Tally, the baselines and the load generator`);
  if (config.quick) log(QUICK_NOTE);
  installCleanup();
  ensureServices(config);
  setTimeout(() => {
    console.error(`bench: over BENCH_TIMEOUT_MINUTES=${config.timeoutMinutes}; giving up`);
    void stopAll().finally(() => process.exit(1));
  }, config.timeoutMinutes * 60_000).unref();
  if (config.profile) return runProfile(config, log);

  // Before anything is measured: an install (not a recorded figure) keeps the CPU busy.
  const footprint = await timed('production install size', () => measureFootprint(log));
  console.log(footprintLines(footprint));

  const load = await LoadGenerator.start(config.loadCpu);
  const { running, units } = await setUp(config);

  const planChecks: TargetCheck[] = [];
  await timed('query plans', async () => {
    for (const r of running) {
      const plans = await explainPages(r);
      console.log(explainLines(r.backend.name, plans));
      planChecks.push(...explainChecks(r.backend.name, plans));
    }
  });

  const timings: AuthTiming[] = [];
  const authNoise = new Map<string, number | null>();
  if (config.authSamples > 0) {
    await timed('key verification timing', async () => {
      for (const r of running) {
        log(`${r.backend.name}: key verification timing, ${config.authSamples} requests per kind`);
        const pids = { server: r.server.child.pid, load: load.pid };
        const { value, cpu } = await withCpu(pids, pinnedCores(config), () =>
          measureAuthTiming(r, config, load),
        );
        timings.push(value);
        authNoise.set(r.backend.name, cpu.foreign);
      }
    });
    console.log(authTimingLines(timings, config.authSamples));
  }

  // Pictures (bench/render.ts): in this process, while the servers are idle.
  let render: RenderBench | undefined;
  if (config.renderSamples > 0) {
    log(`pictures: ${config.renderSamples} cards and charts, on this thread and in the pool`);
    render = await timed('pictures', () => measureRender({ samples: config.renderSamples }));
    console.log(renderLines(render));
  }
  // The render pool's memory after many pictures (bench/render-memory.ts), in a process of its own.
  let renderMem: RenderMemory | undefined;
  const memPictures = renderMemoryPictures();
  if (memPictures > 0) {
    log(`render pool memory: ${memPictures} pictures, in a process of their own`);
    renderMem = await timed('render pool memory', () =>
      renderMemory(memPictures, config.serverCpu),
    );
    console.log(renderMemoryLines(renderMem));
  }

  // Every unit, plus one same-rate reference run per backend for entries-first and scores-write.
  const perRound =
    units.length * (config.warmupSeconds + 2 * config.seconds + 0.5) +
    2 * running.length * (config.seconds + 0.5);
  log(
    `${units.length} units × ${config.rounds} rounds, about ${Math.ceil((perRound * config.rounds) / 60)} min` +
      `, then ${config.soakSeconds} s of memory soak`,
  );

  const samples = new Map<Unit, Sample[]>(units.map((u) => [u, []]));
  await timed(`${config.rounds} round(s) of ${units.length} units`, async () => {
    for (let round = 1; round <= config.rounds; round++) {
      log(`round ${round}/${config.rounds}`);
      for (const unit of units) {
        const sample = await measure(unit, round, load, config);
        samples.get(unit)!.push(sample);
        log(progressLine(unit, sample));
        const reference = await referenceRun(unit, sample, units, load, config);
        if (reference) log(referenceLine(unit, reference));
      }
    }
  });

  // Chat under load (bench/chat-load.ts, issue 16): a Tally with its bot per backend.
  const chat: ChatLoadResult[] = [];
  if (chatEnabled()) {
    await timed('chat under load', async () => {
      for (const r of running) {
        log(`${r.backend.name}: chat under load`);
        const pids = r.backend.name === 'mariadb' ? servicePids() : {};
        chat.push(await measureChatLoad(r, config, load, pids, log));
        console.log(chatLoadLines(chat[chat.length - 1]!));
      }
    });
  }

  const [b0, b1] = units.filter((u) => u.kind !== 'tally').map((u) => samples.get(u)!);
  const rows: Row[] = units.map((u) => summarise(u, samples.get(u)!, b0 ?? [], b1 ?? []));
  const baselineRows = rows.filter((r) => r.unit.kind !== 'tally');

  // Mixed load (bench/mixed.ts, issue 31): the four streams at once, one backend at a time.
  const mixed: MixedResult[] = mixedEnabled()
    ? await timed('mixed load', () =>
        measureMixed(
          running,
          units,
          rows,
          load,
          config,
          (b) => (b === 'mariadb' ? servicePids() : {}),
          log,
        ),
      )
    : [];
  // Its chat variant: the same streams on a Tally with its bot while interactions arrive.
  if (mixed.length && chatEnabled()) {
    await timed('mixed load + chat', async () => {
      const size = config.sizes[config.sizes.length - 1]!;
      for (const r of running) {
        const chosen = mixedUnits(r.backend.name, units, rows, size);
        if (chosen.length === 0) continue;
        const pids = r.backend.name === 'mariadb' ? servicePids() : {};
        const mix = { chosen, fraction: chatFraction(config) };
        const result = await measureChatLoad(r, config, load, pids, log, mix);
        if (result.mixed) {
          mixed.push(result.mixed);
          console.log(mixedLines([result.mixed]));
        }
      }
    });
  }

  // Memory (bench/memory.ts): RSS of each tally serve through a mixed soak, after the rounds.
  const soaks: MemorySoak[] =
    config.soakSeconds > 0
      ? await timed(`memory soak, ${config.soakSeconds} s per backend, one at a time`, () =>
          measureSoaks(running, units, rows, load, config, log),
        )
      : [];

  const checks = [
    ...config.backends.flatMap((backend) =>
      checkTargets(
        backend,
        rows.filter((r) => r.unit.backend === backend),
        baselineRows,
      ),
    ),
    ...mixedChecks(mixed),
    ...memoryChecks(soaks),
    ...planChecks,
    ...authTimingChecks(timings).map((c) => ({ ...c, noise: authNoise.get(c.backend) ?? null })),
    ...withNoise(pictureChecks(rows, samples), (c) =>
      rows.filter(
        (r) =>
          r.unit.backend === c.backend &&
          r.unit.scenario === 'entries-first' &&
          r.unit.size === config.sizes[config.sizes.length - 1],
      ),
    ),
    ...chat.flatMap(chatLoadChecks),
    ...renderMemoryChecks(renderMem),
    ...footprintChecks(footprint),
  ];
  console.log(
    `\nmedians of ${config.rounds} round(s); throughput: autocannon, ${config.connections} connections, ` +
      `${config.seconds} s; latency: open loop at ${config.openFraction}× that round's throughput, ` +
      `${config.openConnections} connections, from intended send time (coordinated omission corrected)`,
  );
  for (const backend of config.backends) {
    console.log(
      table(
        backend,
        baselineRows,
        rows.filter((r) => r.unit.backend === backend),
      ),
    );
  }
  if (timings.length) console.log(authTimingLines(timings, config.authSamples));
  if (render) console.log(renderLines(render));
  if (renderMem) console.log(renderMemoryLines(renderMem));
  console.log(footprintLines(footprint));
  for (const c of chat) console.log(chatLoadLines(c));
  console.log(referenceLines(rows));
  if (mixed.length) console.log(mixedLines(mixed));
  if (soaks.length) console.log(memoryLines(soaks));
  console.log(targetLines(checks, sizesNote(config.sizes)));
  console.log('\n== wall time ==');
  for (const [part, seconds] of parts) console.log(`${seconds.toFixed(0).padStart(6)} s  ${part}`);
  console.log(`${((performance.now() - t0) / 1000).toFixed(0).padStart(6)} s  total`);
  if (config.quick) console.log(QUICK_NOTE);

  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { node: process.version, cpus: cpus().length, model: cpus()[0]?.model };
  const data = {
    config,
    machine,
    rows,
    authTimings: timings,
    render,
    renderMemory: renderMem,
    footprint,
    chat,
    mixed,
    soaks,
    targets: checks,
    parts,
  };
  await writeResults(file, data);
  log(`results written to ${file}`);

  await load.stop();
  await Promise.all(running.map((r) => r.dataSource.destroy()));
  await stopAll();
}

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    console.error(err);
    await stopAll();
    process.exit(1);
  },
);
