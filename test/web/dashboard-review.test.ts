import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { auditTrail } from '../../src/pipeline/audit';
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
