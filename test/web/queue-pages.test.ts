import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { addOwner } from '../../src/pipeline/owners';
import { closeQueue, joinQueue, leaveQueue, openQueue } from '../../src/pipeline/queues';
import { generationOf } from '../../src/store/generation';
import { LiveStreams } from '../../src/web/live';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { section, text, withoutLiveScript } from './read-html';
import { boardPath, ownerPath } from './seed';

/**
 * A board's matchmaking queue on the public pages (issue 28 item 8): how many wait, under the
 * board page's header and on the board's line of the index, nothing for a board without one; a
 * join changes the page (its ETag) and tells an open page's stream.
 */
const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 };
const member = () => `chat:${nextSnowflake()}`;
/** What a reader sees of a page: its text without the stylesheet and the live script. */
const seen = (html: string) =>
  text(withoutLiveScript(html).replace(/<style>[\s\S]*?<\/style>/g, ''));

describe(`the queue on the public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let live: LiveStreams;
  const ownerId = `guild:${nextSnowflake()}`;
  let ladder: Board;
  let plain: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    live = new LiveStreams(tally.ctx, { checkMs: 50, pollMs: 100, gapMs: 0 });
    pages = await servePages(tally.ctx, { limits: LIMITLESS, live });
    await addOwner(tally.ctx, ownerId, 'Match Club');
    ladder = await tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0 });
    plain = await tally.board({ ownerId, type: 'ELO', name: 'Plain', windowHours: 0 });
  });
  afterAll(async () => {
    live?.close();
    await pages?.close();
    await tally?.stop();
  });

  const queueText = async (b: Board) =>
    text(section((await pages.get(boardPath(b))).text, 'p', 'queue'));

  it('GIVEN a board without a queue THEN neither its page nor its index line mentions one', async () => {
    const page = await pages.get(boardPath(plain));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('class="queue"');
    expect(seen(page.text)).not.toMatch(/queue/i);
    const index = seen((await pages.get(ownerPath(ownerId))).text);
    expect(index).not.toMatch(/queue|waiting/i);
  });

  it('GIVEN a queue THEN the page says how many wait and how to join, at 0, 1 and more; the index line too', async () => {
    await openQueue(tally.ctx, ladder, { channelId: nextSnowflake() });
    expect(await queueText(ladder)).toBe(
      'Queue open, nobody waiting · join in Discord with /queue join',
    );
    const first = await pages.get(boardPath(ladder));
    const etag = first.headers.get('etag')!;
    const ann = member();
    await joinQueue(tally.ctx, { board: ladder, member: ann });
    // The page moved: the old ETag is no longer current, so a revalidation gets the new count.
    const after = await pages.get(boardPath(ladder), { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(text(section(after.text, 'p', 'queue'))).toBe(
      '1 waiting in the queue · join in Discord with /queue join',
    );
    await joinQueue(tally.ctx, { board: ladder, member: member() });
    await joinQueue(tally.ctx, { board: ladder, member: member() });
    expect(await queueText(ladder)).toMatch(/^3 waiting in the queue ·/);
    const index = seen((await pages.get(ownerPath(ownerId))).text);
    expect(index).toContain('ELO · 0 players · 3 waiting in the queue');
    await leaveQueue(tally.ctx, ann);
    expect(await queueText(ladder)).toMatch(/^2 waiting/);
    await closeQueue(tally.ctx, ladder);
    expect((await pages.get(boardPath(ladder))).text).not.toContain('class="queue"');
  });

  it('GIVEN a queue write THEN the database generation the read caches and live pages go by moves', async () => {
    await openQueue(tally.ctx, ladder, {});
    const generation = generationOf(tally.ctx.repos.db);
    const before = generation.current();
    const ann = member();
    await joinQueue(tally.ctx, { board: ladder, member: ann });
    const joined = generation.current();
    await leaveQueue(tally.ctx, ann);
    const left = generation.current();
    // MariaDB without a live change feed caches nothing (null); otherwise every commit counts.
    if (before === null) {
      expect([joined, left]).toEqual([null, null]);
    } else {
      expect(joined).toBeGreaterThan(before);
      expect(left).toBeGreaterThan(joined!);
    }
  });

  it('GIVEN an open board page THEN a join is a change its stream tells', async () => {
    await openQueue(tally.ctx, ladder, {});
    const abort = new AbortController();
    const res = await fetch(`${pages.url}${boardPath(ladder)}/live`, { signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    const until = async (test: (s: string) => boolean) => {
      while (!test(seen)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${seen}`);
        seen += value;
      }
    };
    await until((s) => /^id: /m.test(s));
    const start = seen.length;
    await joinQueue(tally.ctx, { board: ladder, member: member() });
    await until((s) => s.slice(start).includes('event: changed'));
    abort.abort();
    expect(await queueText(ladder)).toMatch(/waiting in the queue/);
  });
});
