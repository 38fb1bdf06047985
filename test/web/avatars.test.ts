import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAvatars, recordServerIcon } from '../../src/pipeline/avatars';
import { addOwner } from '../../src/pipeline/owners';
import { startTestTally, nextSnowflake, type TestTally } from '../support/tally';
import { backendName } from '../support/backends';
import { anAuthor, enter, plainPng, vote } from './contest-seed';
import { servePages, type PagesApp } from './pages-app';
import { items, section } from './read-html';
import { boardPath, clockFrom, ownerPath, playerPath, postScores } from './seed';

/**
 * Issue 29 item 2 on the pages: members' avatars beside their names (index, podium, standings,
 * player page), the server's icon on its index, a fallback for anyone without one, and a CSP that
 * names exactly the one image host those need. The index also previews each board's leaders and
 * counts a Rating board's entries.
 */
const CDN = 'https://cdn.discordapp.com';
const hash = (c: string) => c.repeat(32);
const imgSrc = (csp: string | null) => /img-src ([^;]*)/.exec(csp ?? '')?.[1];

describe(`avatars and icons on the public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  const guild = nextSnowflake();
  const owner = `guild:${guild}`;
  const ann = nextSnowflake();
  const bo = nextSnowflake();
  let boardPaths: { board: string; player: string };

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    await addOwner(tally.ctx, owner, 'Chess Club');
    expect(await recordServerIcon(tally.ctx, guild, hash('1'))).toBe(true);
    await recordAvatars(tally.ctx, owner, [
      { userId: ann, avatar: hash('a'), guildAvatar: null },
      { userId: bo, avatar: null, guildAvatar: null },
    ]);
    const arcade = await tally.board({
      ownerId: owner,
      type: 'Highscore',
      name: 'Arcade',
      windowHours: 0,
    });
    await postScores(tally.ctx, arcade, clockFrom('2026-11-01T00:00:00Z'), [
      [{ chat_id: ann }, 50],
      [{ chat_id: bo }, 40],
      [{ name: 'Cy', custom: true }, 30],
    ]);
    boardPaths = { board: boardPath(arcade), player: playerPath(arcade, `chat:${ann}`) };
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN any public page, an error page included THEN img-src names this site and exactly https://cdn.discordapp.com', async () => {
    for (const path of [
      ownerPath(owner),
      boardPaths.board,
      boardPaths.player,
      '/boards/x/nope',
      '/',
    ]) {
      const res = await pages.get(path, { accept: 'text/html' });
      expect(imgSrc(res.headers.get('content-security-policy')), path).toBe(`'self' ${CDN}`);
    }
  });

  it('GIVEN DISCORD_CDN_URL elsewhere (a test CDN) THEN that origin and only it', async () => {
    const other = await startTestTally(
      { DISCORD_CDN_URL: 'http://127.0.0.1:9/' },
      { worker: false },
    );
    const served = await servePages(other.ctx, {});
    try {
      const owner2 = await other.owner();
      const res = await served.get(ownerPath(owner2));
      expect(imgSrc(res.headers.get('content-security-policy'))).toBe("'self' http://127.0.0.1:9");
    } finally {
      await served.close();
      await other.stop();
    }
  });

  it('GIVEN the index THEN the server icon heads it and each leader has their picture or the fallback', async () => {
    const html = (await pages.get(ownerPath(owner))).text;
    expect(section(html, 'header', 'server')).toContain(
      `<img class="avatar server" src="${CDN}/icons/${guild}/${hash('1')}.webp?size=128" width="56" height="56" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer"`,
    );
    const leaders = section(html, 'ol', 'leaders');
    expect(leaders).toContain(
      `src="${CDN}/avatars/${ann}/${hash('a')}.webp?size=64" width="20" height="20"`,
    );
    expect(leaders.match(/class="avatar fallback c\d"/g)).toHaveLength(2); // Bo (no avatar), Cy (custom)
    // Without a bot no name was looked up: a member is `member <id>` until one is.
    expect(items(leaders)).toEqual([`#1 member ${ann} 50`, `#2 member ${bo} 40`, '#3 Cy 30']);
  });

  it('GIVEN the board page THEN the podium and every row show the picture; the player page header too', async () => {
    const board = (await pages.get(boardPaths.board)).text;
    const picture = `${CDN}/avatars/${ann}/${hash('a')}`;
    expect(section(board, 'ol', 'podium')).toContain(
      `src="${picture}.webp?size=128" width="40" height="40"`,
    );
    expect(/<table>[\s\S]*<\/table>/.exec(board)?.[0]).toContain(
      `src="${picture}.webp?size=64" width="24" height="24"`,
    );
    const player = (await pages.get(boardPaths.player)).text;
    expect(/<h1 class="with-avatar">([\s\S]*?)<\/h1>/.exec(player)?.[1]).toContain(
      `src="${picture}.webp?size=128" width="48" height="48"`,
    );
  });

  it('GIVEN a Rating board THEN the index counts its entries and shows its ranked leaders', async () => {
    const contest = await tally.board({ ownerId: owner, type: 'Rating', name: 'Art' });
    const author = anAuthor('Painter');
    const entry = await enter(tally.ctx, contest, author, 'Hills', await plainPng(64, 64));
    await enter(tally.ctx, contest, anAuthor('Other'), 'Sea', await plainPng(64, 64, '#cc3366'));
    await vote(tally.ctx, contest, entry, [9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    const html = (await pages.get(ownerPath(owner))).text;
    const line = items(section(html, 'ul', 'boards')).find((l) => l.startsWith('Art'));
    expect(line).toMatch(/^Art Rating · 2 entries #1 Painter \d\.\d\d$/);
  });
});
