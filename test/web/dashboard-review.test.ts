import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { evidenceBytes } from '../../src/bot/attachment-file';
import { previewsSettled } from '../../src/bot/submit-reply';
import { auditTrail } from '../../src/pipeline/audit';
import { deleteBoard } from '../../src/pipeline/board-deletion';
import { cast, chat, handleIn, submissionId } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf, type Page } from '../support/dashboard';
import {
  buttonsOf,
  fieldsOf,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * The dashboard's review pages (issue 27 item 4) with the real bot and the fake Discord: a
 * moderator (the board's moderator role, no Manage Server) decides from the web with the use
 * cases chat uses, and Discord sees what it sees when they decide there.
 */
const arena = cast();
const other = cast({ name: 'Elsewhere' });

let world: DiscordWorld;
let ownerId: string;
let key: string;
let ladder: Board;

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
  const otherOwner = await world.tally.owner(`guild:${other.server.id}`);
  await world.tally.board({
    ownerId: otherOwner,
    type: 'ELO',
    name: 'Their ladder',
    moderatorChannelId: other.modQueue.id,
    moderatorRoleId: other.referees.id,
  });
});
afterAll(async () => {
  await world?.stop();
});

const signedIn = async (person: FakeMember) => {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(person.id);
  return b;
};
const g = arena.server.id;
const queue = `/dashboard/${g}/review`;
const page = (handle: string) => `${queue}/${handle}`;
const status = (handle: string) => world.status(handle, key);
const row = async (handle: string) =>
  (await world.tally.ctx.repos.submissions.byId(submissionId(handle)))!;
const elo = async () =>
  Object.fromEntries(
    (
      (await world.tally.request('GET', `/v1/boards/${ladder.id}/entries`, { key })).body as {
        data: { player_id: string; elo: number }[];
      }
    ).data.map((e) => [e.player_id, e.elo]),
  );
/** A member reports in chat that they beat Bobby: the submitter is told the outcome by DM. */
const reported = async (by: FakeMember, extra: Record<string, unknown> = {}) => {
  const run = await world.run({
    ...arena.inGeneral(by),
    command: ['match', 'report'],
    options: { board: ladder.id, opponents: `<@${arena.bob.id}>`, result: 'won', ...extra },
  } as Parameters<DiscordWorld['run']>[0]);
  const handle = handleIn(run.message.content);
  await world.statusBecomes(handle, key, 'pending_review');
  return handle;
};
const fromApi = async () => {
  const handle = await world.submitMatch(ladder, key, [chat(arena.alice)], [chat(arena.bob)]);
  await world.statusBecomes(handle, key, 'pending_review');
  return handle;
};
const text = (p: Page) => textOf(p.html);
const auditLines = async () =>
  (await auditTrail(world.tally.ctx, ownerId)).lines.map((l) => l.line);

describe('a moderator reviews from the dashboard', () => {
  it('lists the pending submissions of the boards they moderate, oldest first, each linked', async () => {
    const first = await fromApi();
    const second = await reported(arena.alice);
    const mod = await signedIn(arena.mod);
    const list = await mod.get(queue);
    expect(list.status).toBe(200);
    const seen = text(list);
    expect(seen).toContain('Review queue');
    expect(seen.indexOf(first)).toBeGreaterThan(-1);
    expect(seen.indexOf(first)).toBeLessThan(seen.indexOf(second));
    expect(seen).toContain(`Ladder Ali beat Bobby the API`);
    expect(seen).toContain(`${second}`);
    expect(seen).toContain('Ali'); // the submitter by the name the server shows, as the bot reads it
    expect(seen).not.toContain(`@${arena.alice.id}`);
    expect(list.html).toContain(`href="${page(first)}"`);
    const filtered = await mod.get(`${queue}?board=${ladder.id}`);
    expect(text(filtered)).toContain(`Only ${ladder.id}`);
  });

  it('shows a submission as the review message does, with its evidence as links that open elsewhere', async () => {
    const handle = await reported(arena.alice, { evidence_link: 'https://videos.example/run/42' });
    const mod = await signedIn(arena.mod);
    const details = await mod.get(page(handle));
    expect(details.status).toBe(200);
    const seen = text(details);
    expect(seen).toContain('Review: Ladder');
    expect(seen).toMatch(/Team 1 · won Ali — \d+ Team 2 · lost Bobby — \d+/);
    expect(seen).toContain('Submitted by Ali');
    expect(seen).toContain('Expires');
    expect(seen).toContain('Link: https://videos.example/run/42');
    expect(details.html).toContain(
      '<a href="https://videos.example/run/42" rel="noopener noreferrer" target="_blank">',
    );
    expect(details.html).not.toContain('<img');
    expect(details.headers.get('content-security-policy')).toContain("img-src 'self'");
    for (const button of ['Approve', 'Decline', 'Adjust and approve'])
      expect(seen).toContain(button);
    expect(details.html).toContain('maxlength="300"');
  });

  it('approves: the entry is on the board, the review message in Discord is closed naming them, the audit line too', async () => {
    const before = await elo();
    const handle = await fromApi();
    const message = await world.reviewMessage(handle);
    const mod = await signedIn(arena.mod);
    await mod.get(page(handle));
    const done = await mod.post(page(handle), { action: 'approve' });
    expect(done.status).toBe(200);
    expect(done.path).toBe(page(handle));
    expect(text(done)).toContain('Approved: it is on the leaderboard.');
    expect(text(done)).toContain('Outcome Approved by mod; it is on the leaderboard.');
    expect(await status(handle)).toBe('approved');
    const after = await elo();
    expect(after[`chat:${arena.alice.id}`]).toBe((before[`chat:${arena.alice.id}`] ?? 1000) + 16);
    const edited = await world.fake.waitFor(
      () => {
        const m = world.fake.messages.get(message.id)!;
        return buttonsOf(m).length === 0 ? m : undefined;
      },
      15_000,
      'the review message to be closed',
    );
    expect(fieldsOf(edited)['Outcome']).toContain(`Approved by <@${arena.mod.id}>`);
    expect(await auditLines()).toContainEqual(
      expect.stringContaining(`<@${arena.mod.id}> approved ${handle} on **Ladder**`),
    );

    // A second approve (another tab, a double click) is refused saying it was decided.
    const again = await mod.post(page(handle), { action: 'approve' });
    expect(again.status).toBe(409);
    expect(text(again)).toContain(`${handle} was already decided; nothing changed.`);
    expect(await elo()).toEqual(after);
  });

  it('declines with a reason: the submitter is told by DM as when declined in chat; too long a reason changes nothing', async () => {
    const handle = await reported(arena.alice);
    const message = await world.reviewMessage(handle);
    const mod = await signedIn(arena.mod);
    await mod.get(page(handle));
    const long = await mod.post(page(handle), { action: 'decline', reason: 'x'.repeat(301) });
    expect(long.status).toBe(422);
    expect(text(long)).toContain('Your decision was not recorded: reason: at most 300 characters');
    expect(await status(handle)).toBe('pending_review');

    const done = await mod.post(page(handle), {
      action: 'decline',
      reason: 'The screenshot shows *another* match',
    });
    expect(text(done)).toContain(
      'Outcome Declined by mod: The screenshot shows *another* match. Nothing was applied.',
    );
    expect(await row(handle)).toMatchObject({
      status: 'rejected',
      failureReason: 'The screenshot shows *another* match',
    });
    await eventually(
      async () => ((await row(handle)).noticeState === 'done' ? true : undefined),
      'the DM to be sent',
    );
    const dm = world.fake.dmChannelOf(arena.alice.id);
    const told = [...world.fake.messages.values()].filter((m) => m.channel_id === dm).at(-1)!;
    expect(told.content).toContain(`on **Ladder** (${handle}) was declined by <@${arena.mod.id}>`);
    expect(told.content).toContain('The screenshot shows \\*another\\* match');
    await eventually(
      () => (buttonsOf(world.fake.messages.get(message.id)!).length === 0 ? true : undefined),
      'the review message to be closed',
    );
    expect(fieldsOf(world.fake.messages.get(message.id)!)['Outcome']).toBe(
      `Declined by <@${arena.mod.id}>: The screenshot shows \\*another\\* match. Nothing was applied.`,
    );
  });

  it('adjusts to the right winner, then corrects the applied result as /correct does', async () => {
    const before = await elo();
    const handle = await fromApi();
    const mod = await signedIn(arena.mod);
    await mod.get(page(handle));
    const adjusted = await mod.post(page(handle), { action: 'adjust', winner: 'team2' });
    expect(text(adjusted)).toContain('Adjusted and approved');
    expect(text(adjusted)).toContain('Outcome Adjusted by mod to the result shown');
    expect(text(adjusted)).toMatch(/Team 1 · lost Ali — \d+ → \d+ \(−\d+\)/);
    expect(await status(handle)).toBe('approved');
    const bob = `chat:${arena.bob.id}`;
    expect((await elo())[bob]).toBeGreaterThan(before[bob] ?? 1000);
    expect(await auditLines()).toContainEqual(
      expect.stringContaining(`<@${arena.mod.id}> adjusted and approved ${handle}`),
    );

    // The applied result has the correction forms; a correction to what it already reads is refused.
    expect(text(adjusted)).toContain('Correct this result');
    const same = await mod.post(page(handle), { action: 'correct', winner: 'team2' });
    expect(same.status).toBe(422);
    expect(text(same)).toContain('Your correction was not recorded');
    expect(text(same)).toContain('nothing changed');
    const corrected = await mod.post(page(handle), {
      action: 'correct',
      winner: 'team1',
      reason: 'wrong side',
    });
    expect(text(corrected)).toContain('Corrected:');
    expect(text(corrected)).toContain('later corrected to the result shown by mod');
    expect((await elo())[bob]).toBeLessThan((before[bob] ?? 1000) + 1);
  });
});

describe('who may not', () => {
  it('refuses a plain member the queue, the page and every POST, saying why, and changes nothing', async () => {
    const handle = await fromApi();
    const carol = await signedIn(arena.carol);
    const list = await carol.get(queue);
    expect(list.status).toBe(403);
    expect(text(list)).toContain(
      "The review queue needs the Manage Server permission or a board's moderator role in Arena",
    );
    const details = await carol.get(page(handle));
    expect(details.status).toBe(403);
    expect(text(details)).toContain(
      "Reviewing Ladder needs the board's moderator role or the Manage Server permission",
    );
    await carol.get(`/dashboard/${g}`); // a page with her CSRF token
    const forms: Record<string, string>[] = [
      { action: 'approve' },
      { action: 'decline', reason: 'no' },
      { action: 'adjust', winner: 'team2' },
      { action: 'correct', winner: 'team2' },
      { action: 'remove' },
    ];
    for (const form of forms) {
      const refused = await carol.post(page(handle), form);
      expect(refused.status, form.action).toBe(403);
      expect(text(refused)).toContain("needs the board's moderator role");
    }
    expect(await status(handle)).toBe('pending_review');
  });

  it("refuses another server's moderator here, and a handle of another server is not found", async () => {
    const handle = await fromApi();
    const theirMod = await signedIn(other.mod);
    const here = await theirMod.get(page(handle));
    expect(here.status).toBe(403);
    expect(text(here)).toContain('not a member of this server');
    const theirs = await theirMod.get(`/dashboard/${other.server.id}/review/${handle}`);
    expect(theirs.status).toBe(404);
    expect(text(theirs)).toContain(`${handle} is not a submission of Elsewhere`);
    await theirMod.get(`/dashboard/${other.server.id}/review`);
    const post = await theirMod.post(`/dashboard/${other.server.id}/review/${handle}`, {
      action: 'approve',
    });
    expect(post.status).toBe(404);
    expect(await status(handle)).toBe('pending_review');
  });
});

/** A 640 × 360 screenshot in one colour, with EXIF: a real PNG as a member would attach. */
const screenshot = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#1abc9c' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Somebody' } } })
    .png()
    .toBuffer();

const picture = (handle: string, size: 'thumb' | 'full') => `${page(handle)}/evidence/${size}.webp`;
const kept = (handle: string) =>
  world.tally.ctx.repos.evidencePreviews.sizeOf(submissionId(handle));

/** A board of its own for the evidence tests: the last of them deletes it. */
let shots: Board;

/** Alice reports a win on `shots` with this file attached; resolves once it awaits review. */
const reportedWith = async (upload: { filename: string; data: Buffer; contentType?: string }) => {
  const handle = await reported(arena.alice, { board: shots.id, evidence: { upload } });
  await previewsSettled();
  return handle;
};

/** The bytes of a dashboard address as this browser fetches them (its cookies, its address). */
async function bytesOf(b: DashboardBrowser, path: string) {
  const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${world.tally.url}${path}`, {
    headers: { ...(cookie ? { cookie } : {}), 'x-forwarded-for': b.address },
    redirect: 'manual',
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('image evidence on the review pages', () => {
  let handle: string;
  beforeAll(async () => {
    shots = await world.tally.board({
      ownerId,
      type: 'ELO',
      name: 'Screenshots',
      moderatorChannelId: arena.modQueue.id,
      moderatorRoleId: arena.referees.id,
    });
  });

  it("keeps a report's image as Tally's own WebP: the queue shows its thumbnail, the page the picture, both from Tally", async () => {
    handle = await reportedWith({ filename: 'final score.png', data: await screenshot() });
    expect(await kept(handle)).toEqual({
      width: 640,
      height: 360,
      thumbWidth: 480,
      thumbHeight: 270,
    });
    const mod = await signedIn(arena.mod);
    const list = await mod.get(queue);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`<img src="${picture(handle, 'thumb')}" width="96" height="54"`);
    const details = await mod.get(page(handle));
    expect(details.status).toBe(200);
    expect(details.html).toContain(
      `<img src="${picture(handle, 'full')}" width="640" height="360"`,
    );
    expect(details.html).toContain(`href="${picture(handle, 'full')}"`);
    // The original stays a link that opens on Discord, as before.
    expect(details.html).toMatch(/href="[^"]*\/ephemeral-attachments\/[^"]*final%20score\.png/);
    expect(details.html).toContain('the original (opens on Discord)');
    // The page's CSP still allows pictures from this site only.
    expect(details.headers.get('content-security-policy')).toContain("img-src 'self'");

    for (const [size, width] of [
      ['thumb', 480],
      ['full', 640],
    ] as const) {
      const { res, bytes } = await bytesOf(mod, picture(handle, size));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined(); // re-encoded: no metadata kept
    }
  });

  it('refuses the picture as the page is refused: a plain member, another server’s admin and moderator, a visitor signed out', async () => {
    const carol = await signedIn(arena.carol);
    expect((await bytesOf(carol, picture(handle, 'full'))).res.status).toBe(403);
    expect((await carol.get(page(handle))).status).toBe(403);
    for (const person of [other.admin, other.mod]) {
      const theirs = await signedIn(person);
      const here = await bytesOf(theirs, picture(handle, 'thumb'));
      expect(here.res.status).toBe(403);
      expect(here.res.headers.get('content-type')).toMatch(/^text\/html/);
      // Through their own server, the handle is not theirs: not found, as the page.
      const via = `/dashboard/${other.server.id}/review/${handle}`;
      expect((await bytesOf(theirs, `${via}/evidence/full.webp`)).res.status).toBe(404);
      expect((await theirs.get(via)).status).toBe(404);
    }
    const visitor = new DashboardBrowser(world.tally, world.fake);
    const out = await bytesOf(visitor, picture(handle, 'full'));
    const pageOut = await visitor.request('GET', page(handle));
    expect(out.res.status).toBe(pageOut.status);
    expect(out.res.status).toBe(303);
    expect(out.res.headers.get('location')).toMatch(/^\/auth\/sign-in\?return=/);
    expect(out.bytes.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    // A moderator asking for another name, or a submission with no kept image: not found.
    const mod = await signedIn(arena.mod);
    expect((await bytesOf(mod, `${page(handle)}/evidence/original.png`)).res.status).toBe(404);
  });

  it('keeps nothing of a file that is no image, or a cut-off one, and the report waits for review as before', async () => {
    const html = await reportedWith({
      filename: 'score.png',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      contentType: 'image/png',
    });
    const cut = await reportedWith({
      filename: 'cut.png',
      data: (await screenshot()).subarray(0, 200),
    });
    const mod = await signedIn(arena.mod);
    for (const h of [html, cut]) {
      expect(await kept(h)).toBeNull();
      const details = await mod.get(page(h));
      expect(details.status).toBe(200);
      expect(details.html).not.toContain('/evidence/');
      expect(details.html).toContain('The attached image (opens on Discord)');
      expect((await bytesOf(mod, picture(h, 'full'))).res.status).toBe(404);
    }
    const list = await mod.get(queue);
    expect(list.html).toContain(html);
    expect(list.html).not.toContain(picture(html, 'thumb'));
  });

  it('gives up a download that fails, without an error', async () => {
    const cdn = new URL(world.fake.apiUrl).origin;
    expect(await evidenceBytes(`${cdn}/ephemeral-attachments/1/2/gone.png`)).toBeNull();
    expect(await evidenceBytes('http://127.0.0.1:1/nothing-listens-here.png')).toBeNull();
  });

  it("deleting the board deletes its reports' kept images", async () => {
    expect(await kept(handle)).not.toBeNull();
    const { contents } = await deleteBoard(world.tally.ctx, ownerId, shots.id, 'cli');
    expect(contents.evidenceImages).toBe(1);
    expect(await kept(handle)).toBeNull();
    const rows: unknown[] = await world.tally.ctx.repos.db.dataSource.query(
      'SELECT submission_id FROM evidence_previews WHERE board_pk = ?',
      [shots.pk],
    );
    expect(rows).toEqual([]);
  });
});
