import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { chatPlayerId } from '../../src/domain/ids';
import { setContest, submitEntry } from '../../src/pipeline/contests';
import { review } from '../../src/pipeline/review';
import { cast, handleIn } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf, type Page } from '../support/dashboard';
import {
  buttonsOf,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { Links } from '../../src/web/links';

/**
 * A member's own side of the dashboard (issue 27 item 5) with the real bot and the fake Discord:
 * their submissions and where each stands, and on a Rating board the gallery where they vote and
 * submit an entry through the use cases chat's buttons and /contest submit call, with their
 * refusals; a forged upload stores nothing.
 */
const arena = cast({ channels: ['contest'] });
const other = cast({ name: 'Elsewhere' });

let world: DiscordWorld;
let ownerId: string;
let key: string;
let ladder: Board;
let quick: Board;
let gallery: Board;
let contest: string;

/** A picture in one colour: a real PNG, as a member would upload. */
const png = (colour = '#2e86de') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, other.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 1000, actionsPerMinute: 1000 } },
  });
  ownerId = await world.tally.owner(`guild:${arena.server.id}`);
  key = await world.tally.key({ ownerId });
  ladder = await world.tally.board({
    ownerId,
    type: 'ELO',
    name: 'Ladder',
    moderatorChannelId: arena.modQueue.id,
    moderatorRoleId: arena.referees.id,
  });
  quick = await world.tally.board({ ownerId, type: 'ELO', name: 'Quick', windowHours: 0 });
  gallery = await world.tally.board({ ownerId, type: 'Rating', name: 'Gallery' });
  await setContest(world.tally.ctx, ownerId, gallery.id, {
    channelId: arena.channels.contest.id,
  });
  contest = `/dashboard/${arena.server.id}/contest/${gallery.id}`;
});
afterAll(async () => {
  await world?.stop();
});

const g = arena.server.id;
const mine = `/dashboard/${g}/mine`;
const text = (p: Page) => textOf(p.html);
const signedIn = async (person: FakeMember) => {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(person.id);
  return b;
};
const reported = async (board: Board, by: FakeMember, wanted: string, against = arena.bob) => {
  const run = await world.run({
    ...arena.inGeneral(by),
    command: ['match', 'report'],
    options: { board: board.id, opponents: `<@${against.id}>`, result: 'won' },
  } as Parameters<DiscordWorld['run']>[0]);
  const handle = handleIn(run.message.content);
  expect(handle).not.toBe('');
  await world.statusBecomes(handle, key, wanted);
  return handle;
};
const counts = async () => {
  const rows = (await world.tally.ctx.repos.db.run((m) =>
    m.query(
      'SELECT (SELECT COUNT(*) FROM contest_entries) AS entries, (SELECT COUNT(*) FROM images) AS images',
    ),
  )) as { entries: number | string; images: number | string }[];
  return { entries: Number(rows[0]!.entries), images: Number(rows[0]!.images) };
};
const entryByTitle = async (title: string) => {
  const rows = await world.tally.ctx.repos.contests.entriesOfBoards([gallery.pk], ['live']);
  return rows.find((e) => e.title === title)!;
};

describe("a member's submissions", () => {
  it('lists their pending, applied and declined reports with the decline reason, not anyone else’s', async () => {
    const pending = await reported(ladder, arena.alice, 'pending_review');
    const applied = await reported(quick, arena.alice, 'approved');
    const declined = await reported(ladder, arena.alice, 'pending_review');
    await review(world.tally.ctx, declined, 'decline', `chat:${arena.mod.id}`, 'operator', {
      reason: 'No screenshot of the final score',
    });
    const bobs = await reported(quick, arena.bob, 'approved', arena.carol);
    const b = await signedIn(arena.alice);
    const page = await b.get(mine);
    expect(page.status).toBe(200);
    const seen = text(page);
    expect(seen).toContain('My submissions');
    expect(seen).toContain(`Ladder Ali beat Bobby ${pending} Waiting for a moderator`);
    expect(seen).toContain(`Quick Ali beat Bobby ${applied} Applied`);
    expect(seen).toContain(
      `Ladder Ali beat Bobby ${declined} Declined No screenshot of the final score`,
    );
    expect(seen).not.toContain(bobs);
    // Newest first.
    expect(seen.indexOf(declined)).toBeLessThan(seen.indexOf(pending));
  });

  it('refuses a member of another server, saying why', async () => {
    const b = await signedIn(other.alice);
    for (const path of [mine, contest]) {
      const page = await b.get(path);
      expect(page.status, path).toBe(403);
      expect(text(page)).toContain('not a member of this server');
    }
  });
});

describe('a Rating board from the dashboard', () => {
  it('links the contest page from the server’s boards for Rating boards only', async () => {
    const b = await signedIn(arena.alice);
    const page = await b.get(`/dashboard/${g}`);
    expect(page.html).toContain(`href="${contest}"`);
    expect(page.html).not.toContain(`/contest/${ladder.id}"`);
  });

  it('votes on another member’s entry: the count changes, their vote is shown, and the post in Discord follows', async () => {
    await submitEntry(world.tally.ctx, {
      ownerId,
      boardId: gallery.id,
      authorId: chatPlayerId(arena.bob.id),
      authorName: 'Bobby',
      title: 'Sunset',
      bytes: await png('#e67e22'),
    });
    const entry = await entryByTitle('Sunset');
    const post = await world.fake.waitFor(
      () =>
        [...world.fake.messages.values()].find((m) => buttonsOf(m).includes(`vote:${entry.pk}:1`)),
      PATIENCE_MS,
      'the entry’s post',
    );
    const b = await signedIn(arena.alice);
    const before = await b.get(contest);
    expect(before.status).toBe(200);
    expect(text(before)).toContain('Sunset');
    expect(text(before)).toContain('Not voted yet');
    expect(before.html).toContain(`src="/images/${entry.thumbHash}.webp"`);
    const voted = await b.post(`${contest}/entries/${entry.pk}/vote`, { value: '8' });
    expect(voted.status).toBe(200);
    expect(voted.path).toBe(contest);
    expect(text(voted)).toContain('Vote counted.');
    expect(text(voted)).toContain('Your vote: 8');
    expect(voted.html).toContain('<option selected>8</option>');
    expect((await world.tally.ctx.repos.contests.entry(entry.pk))!.votes).toBe(1);
    const links = new Links(world.tally.config.publicUrl);
    const publicPage = await fetch(`${world.tally.url}${links.entry(gallery, entry.pk)}`);
    expect(textOf(await publicPage.text())).toContain('1 vote');
    const changed = await b.post(`${contest}/entries/${entry.pk}/vote`, { value: '6' });
    expect(text(changed)).toContain('Your vote: 6');
    const after = (await world.tally.ctx.repos.contests.entry(entry.pk))!;
    expect([after.votes, after.voteSum]).toEqual([1, 6]);
    const edited = await world.fake.waitFor(
      () => {
        const m = world.fake.messages.get(post.id)!;
        return m.embeds[0]?.footer?.text?.includes('1 vote') ? m : undefined;
      },
      PATIENCE_MS,
      'the post to show the vote',
    );
    expect(edited.embeds[0]!.footer!.text).toContain('1 vote');
  });

  it('uploads a PNG as an entry, which then shows in My submissions with a Withdraw button', async () => {
    const before = await counts();
    const b = await signedIn(arena.alice);
    await b.get(contest);
    const page = await b.upload(`${contest}/entries`, {
      title: 'Blue hour',
      image: { data: await png(), filename: 'blue.png', type: 'image/png' },
    });
    expect(page.status).toBe(200);
    expect(page.path).toBe(contest);
    expect(text(page)).toContain('Entry submitted');
    expect(text(page)).toContain('Blue hour');
    expect(text(page)).toContain('Your entry');
    const after = await counts();
    expect(after.entries).toBe(before.entries + 1);
    const entry = await entryByTitle('Blue hour');
    expect(entry.authorId).toBe(chatPlayerId(arena.alice.id));
    const list = await b.get(mine);
    const seen = text(list);
    expect(seen).toContain('Contest entries');
    expect(seen).toContain(`Blue hour #${entry.pk} unranked · no votes (ranked from`);
    expect(list.html).toContain(`action="/dashboard/${g}/mine/entries/${entry.pk}/withdraw"`);
  });

  it('refuses a vote on their own entry, saying why, and counts nothing', async () => {
    const entry = await entryByTitle('Blue hour');
    const b = await signedIn(arena.alice);
    await b.get(contest);
    const page = await b.post(`${contest}/entries/${entry.pk}/vote`, { value: '10' });
    expect(page.status).toBe(422);
    expect(text(page)).toContain('You cannot vote on your own entry.');
    expect((await world.tally.ctx.repos.contests.entry(entry.pk))!.votes).toBe(0);
  });

  it('refuses a vote once voting closed, saying why, and shows no vote form', async () => {
    const entry = await entryByTitle('Sunset');
    await setContest(world.tally.ctx, ownerId, gallery.id, { voting: 'closed' });
    try {
      const b = await signedIn(arena.carol);
      const page = await b.get(contest);
      expect(text(page)).toContain('voting closed');
      expect(page.html).not.toContain(`/entries/${entry.pk}/vote`);
      const refused = await b.post(`${contest}/entries/${entry.pk}/vote`, { value: '9' });
      expect(refused.status).toBe(422);
      expect(text(refused)).toContain('your vote was not counted');
      expect((await world.tally.ctx.repos.contests.entry(entry.pk))!.votes).toBe(1);
    } finally {
      await setContest(world.tally.ctx, ownerId, gallery.id, { voting: 'open' });
    }
  });

  it('refuses a file that is not an image, saying why, and stores nothing', async () => {
    const before = await counts();
    const b = await signedIn(arena.carol);
    await b.get(contest);
    const page = await b.upload(`${contest}/entries`, {
      title: 'Not a picture',
      image: {
        data: new TextEncoder().encode('<svg onload="alert(1)"></svg>'),
        filename: 'evil.png',
        type: 'image/png',
      },
    });
    expect(page.status).toBe(422);
    expect(text(page)).toContain('That file is not an image Tally takes');
    expect(text(page)).toContain('Nothing was submitted.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a forged upload without the CSRF token, or from another site, and stores nothing', async () => {
    const before = await counts();
    const b = await signedIn(arena.carol);
    await b.get(contest);
    const image = { data: await png('#27ae60'), filename: 'x.png', type: 'image/png' };
    const noToken = await b.upload(
      `${contest}/entries`,
      { title: 'Forged', image },
      { csrf: null },
    );
    expect(noToken.status).toBe(403);
    const foreign = await b.upload(
      `${contest}/entries`,
      { title: 'Forged', image },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('withdraws their entry from My submissions, as /contest withdraw does', async () => {
    const entry = await entryByTitle('Blue hour');
    const b = await signedIn(arena.alice);
    await b.get(mine);
    const page = await b.post(`/dashboard/${g}/mine/entries/${entry.pk}/withdraw`, {});
    expect(page.status).toBe(200);
    expect(page.path).toBe(mine);
    expect(text(page)).toContain('Entry withdrawn');
    expect((await world.tally.ctx.repos.contests.entry(entry.pk))!.status).toBe('withdrawn');
    expect(text(page)).not.toContain('Blue hour');
  });
});
