import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, role } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { Board } from '../../entities/board';
import { setContest } from '../../src/pipeline/contests';
import { joinQueue } from '../../src/pipeline/queues';
import { timeParam } from '../../src/store/raw';
import { handleIn } from '../support/cast';
import { putEntries } from '../support/pipeline';
import { anAuthor, artPng, enter } from '../web/contest-seed';
import { Browser, SCREENS } from './chromium';

/**
 * The dashboard in real Chromium (issue 27): people sign in through the fake Discord's consent
 * page and act with the pages' own forms, no script. An admin creates a board and changes its
 * settings (the API and the bot's view of the server show it); a member and a member of another
 * server are refused with a page that says why; a forged cross-site form, a replayed sign-in, a
 * foreign return path and an expired session are refused. DASHBOARD_SCREENSHOTS=<dir> saves each
 * page at desktop and phone widths, light and dark.
 */
const SHOTS = process.env.DASHBOARD_SCREENSHOTS;

const managers = role('Server Admins', { permissions: MANAGE_SERVER });
const arena = cast({ name: 'Café Ludique' });
arena.server.roles.push(managers);
arena.admin.roles = [managers.id];
arena.admin.globalName = 'Ada Admin';
const other = cast({ name: 'Elsewhere' });

let world: DiscordWorld;
let browser: Browser;
let base: string;
let ladder: Board;
let gallery: Board;
let pending: string;

/** The page as a reader sees it: its heading, text, and whether it scrolls sideways. */
interface Seen {
  path: string;
  title: string;
  text: string;
  scripts: number;
  wide: boolean;
}
const SEEN = `(() => ({
  path: location.pathname,
  title: document.querySelector('h1')?.textContent ?? '',
  text: document.body.innerText,
  scripts: document.scripts.length,
  wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
}))()`;
const seen = () => browser.evaluate<Seen>(SEEN);

async function signInAs(userId: string, path = '/dashboard'): Promise<Seen> {
  await browser.clearCookies();
  world.fake.oauth.signInAs(userId);
  await browser.goto(`${base}${path}`);
  return seen();
}

/** Types into a form's fields and presses its button, as a person would. */
async function fill(fields: Record<string, string>, button: string): Promise<Seen> {
  for (const [name, value] of Object.entries(fields)) {
    await browser.evaluate(`(() => {
      const el = document.querySelector(${JSON.stringify(`[name="${name}"]`)});
      if (el.type === 'checkbox') el.checked = ${JSON.stringify(value)} === 'on'; else el.value = ${JSON.stringify(value)};
    })()`);
  }
  await browser.click(button);
  return seen();
}

/**
 * One element of the page, whole, as a PNG: the screen is made as tall as the page for the shot
 * (a clip outside the screen comes out blank), then set back.
 */
async function shoot(
  screen: (typeof SCREENS)[number],
  selector: string,
  path: string,
): Promise<void> {
  const tall = await browser.evaluate<number>('document.documentElement.scrollHeight');
  await browser.viewport(screen.width, tall, screen.mobile);
  const box = await browser.evaluate<{ x: number; y: number; width: number; height: number }>(
    `(() => {
      scrollTo(0, 0);
      const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    })()`,
  );
  writeFileSync(path, await browser.screenshotClip(box));
  await browser.viewport(screen.width, screen.height, screen.mobile);
}

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, other.server],
    // PUBLIC_URL follows the bound port, so the browser's address is the one Tally names.
    env: (fake) => ({ DISCORD_CLIENT_SECRET: fake.clientSecret, PUBLIC_URL: '' }),
    dashboard: { limits: { signInsPerMinute: 1000, actionsPerMinute: 1000 } },
  });
  base = world.tally.ctx.config.publicUrl;
  world.fake.oauth.allowRedirect(`${base}/auth/callback`);
  const ownerId = await world.tally.owner(`guild:${arena.server.id}`);
  ladder = await world.tally.board({
    ownerId,
    type: 'ELO',
    name: 'Ladder',
    moderatorChannelId: arena.modQueue.id,
    moderatorRoleId: arena.referees.id,
  });
  const run = await world.run({
    ...arena.inGeneral(arena.alice),
    command: ['match', 'report'],
    options: { board: ladder.id, opponents: `<@${arena.bob.id}>`, result: 'won' },
  } as Parameters<DiscordWorld['run']>[0]);
  pending = handleIn(run.message.content ?? JSON.stringify(run.message));
  gallery = await world.tally.board({ ownerId, type: 'Rating', name: 'Sky Paintings' });
  await setContest(world.tally.ctx, ownerId, gallery.id, { channelId: arena.general.id });
  for (const [i, title] of ['Dawn over the harbour', 'Summer sky', 'Night lights'].entries()) {
    await enter(
      world.tally.ctx,
      gallery,
      anAuthor(`Painter ${i + 1}`),
      title,
      await artPng(i, 800, 600),
    );
  }
  browser = await Browser.launch();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await world?.tally.close();
  await world?.fake.close();
});

describe('the dashboard in Chromium', () => {
  it('an admin signs in, creates a board and changes its settings with the forms', async () => {
    const home = await signInAs(arena.admin.id);
    expect(home.path).toBe('/dashboard');
    expect(home.text).toContain('Signed in as Ada Admin');
    expect(home.scripts).toBe(0);
    await browser.click(`a[href="/dashboard/${arena.server.id}"]`);
    const created = await fill(
      { id: 'friday-cup', name: 'Friday Cup', type: 'ELO', windowHours: '0' },
      'form.stack button[type=submit]',
    );
    expect(created.path).toBe(`/dashboard/${arena.server.id}/boards/friday-cup`);
    expect(created.text).toContain('Board created.');
    const saved = await fill(
      {
        name: 'Friday Night Cup',
        moderatorChannel: arena.modQueue.id,
        moderatorRole: arena.referees.id,
        private: 'on',
      },
      'form.stack button.primary',
    );
    expect(saved.text).toContain('Saved.');
    const board = await world.tally.request('GET', `/boards/guild:${arena.server.id}/friday-cup`);
    expect(board.status).toBe(404); // private: visitors get the same 404 as no board
    await browser.goto(`${base}/boards/guild:${arena.server.id}/friday-cup`);
    expect((await seen()).title).toContain('Friday Night Cup'); // a signed-in member sees it
  });

  it('an admin places the live standings and mints a key: the bot posts in Discord, the key opens the API, the audit trail says who', async () => {
    await signInAs(arena.admin.id, `/dashboard/${arena.server.id}/boards/friday-cup`);
    const posted = world.fake.waitForRequest(
      (r) => r.method === 'POST' && r.path === `/channels/${arena.general.id}/messages`,
      15_000,
    );
    const saved = await fill(
      { channel: arena.general.id },
      'select[name=channel] ~ button, form:has(select[name=channel]) button',
    );
    expect(saved.text).toContain('Saved.');
    await posted; // the live standings message, posted by the bot
    await browser.goto(`${base}/dashboard/${arena.server.id}/keys`);
    const minted = await fill({ label: 'Cup site', access: 'read' }, 'form.stack button.primary');
    expect(minted.text).toContain('Copy it now');
    const secret = await browser.evaluate<string>("document.querySelector('.secret').textContent");
    const boards = await world.tally.request('GET', '/v1/boards', { key: secret });
    expect(boards.status).toBe(200);
    expect(JSON.stringify(boards.body)).toContain('friday-cup');
    await browser.goto(`${base}/dashboard/${arena.server.id}/audit`);
    const audit = await seen();
    expect(audit.text).toMatch(/Ada Admin.*(minted|key)/i); // named as the server shows them
    expect(audit.text).not.toContain(`@${arena.admin.id}`);
  });

  it('a Save sends its own section only: the settings page says so, and after a save opens at that section saying what it kept', async () => {
    await signInAs(arena.admin.id, `/dashboard/${arena.server.id}/boards/friday-cup`);
    const before = await seen();
    expect(before.text).toContain(
      'Each section below saves on its own, with its own button: save one before changing another.',
    );
    const labels = await browser.evaluate<string[]>(
      "[...document.querySelectorAll('form:has(input[name=section]) button')].map((b) => b.textContent)",
    );
    expect(labels).not.toContain('Save'); // each says whose fields it sends
    expect(labels.filter((l) => l === 'Save this section').length).toBeGreaterThanOrEqual(5);
    // General and Display both edited, then Display's Save pressed: the form sends Display only,
    // so General's edit is gone when the page comes back (as any form without script).
    const saved = await fill(
      { windowHours: '6', standingsSize: '15' },
      'form:has(input[name=section][value=display]) button',
    );
    expect(saved.text).toContain(
      'Saved. Only Display was saved; changes left unsaved in other sections, if any, were dropped.',
    );
    const after = await browser.evaluate<Record<string, unknown>>(`(() => {
      const flash = document.querySelector('.flash').getBoundingClientRect();
      return {
        hash: location.hash,
        flashIn: document.querySelector('.flash').closest('section')?.id,
        flashOnScreen: flash.top >= 0 && flash.bottom <= innerHeight,
        windowHours: document.querySelector('[name=windowHours]').value,
        standingsSize: document.querySelector('[name=standingsSize]').value,
      };
    })()`);
    expect(after).toEqual({
      hash: '#display',
      flashIn: 'display',
      flashOnScreen: true,
      windowHours: '0',
      standingsSize: '15',
    });
    const board = await world.tally.ctx.repos.boards.byId(`guild:${arena.server.id}`, 'friday-cup');
    expect([board?.validationWindowHours, board?.standingsSize]).toEqual([0, 15]);
    if (SHOTS) await browser.screenshot(join(SHOTS, 'settings-saved-display.png')); // as opened
  });

  it("the delete confirmation asks for the board's id in one sentence, at 1280 and 390 px", async () => {
    await signInAs(arena.admin.id, `/dashboard/${arena.server.id}/boards/friday-cup/delete`);
    for (const [w, h, mobile] of [
      [1280, 900, false],
      [390, 844, true],
    ] as const) {
      await browser.viewport(w, h, mobile);
      // How far right of the label's edge the id and the comma after it start: 0 is a line of
      // their own ("Type the board id," / "friday-cup" / ", to confirm").
      const [id, comma] = await browser.evaluate<[number, number]>(`(() => {
        const label = document.querySelector('label:has([name=confirm])');
        const code = label.querySelector('code');
        const after = document.createRange();
        after.setStart(code.nextSibling, 0);
        after.setEnd(code.nextSibling, 1);
        const left = label.getBoundingClientRect().left;
        return [code.getBoundingClientRect().left - left, after.getBoundingClientRect().left - left];
      })()`);
      expect(comma, `${w} px: the comma after the id starts a line`).toBeGreaterThan(0);
      if (!mobile) expect(id, `${w} px: the id on a line of its own`).toBeGreaterThan(0);
    }
  });

  it('a moderator approves a reported match from the queue: the API rates it and the review message in Discord changes', async () => {
    const mod = await signInAs(arena.mod.id, `/dashboard/${arena.server.id}/review`);
    expect(mod.title).toBe('Review queue');
    expect(mod.text).toContain(pending);
    await browser.click(`a[href="/dashboard/${arena.server.id}/review/${pending}"]`);
    const edited = world.fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.startsWith(`/channels/${arena.modQueue.id}/messages/`),
      15_000,
    );
    await browser.click('form:has(input[name=action][value=approve]) button');
    expect((await seen()).text).toMatch(/approved/i);
    await edited;
    const key = await world.tally.key({ ownerId: `guild:${arena.server.id}` });
    const entries = await world.tally.request('GET', `/v1/boards/${ladder.id}/entries`, { key });
    const rated = (entries.body as { data: { player_id: string; elo: number }[] }).data;
    expect(rated.find((e) => e.player_id === `chat:${arena.alice.id}`)?.elo).toBeGreaterThan(1000);
  });

  it('a member votes in the contest from the gallery and sees their vote', async () => {
    // The entries' posts in the contest channel, with their vote buttons, are the bot's.
    const posts = () =>
      [...world.fake.messages.values()].filter((m) =>
        buttonsOf(m).some((id) => id.startsWith('vote:')),
      );
    await world.fake.waitFor(() => (posts().length >= 3 ? true : undefined), 15_000, 'the posts');
    await signInAs(arena.carol.id, `/dashboard/${arena.server.id}/contest/${gallery.id}`);
    const voted = await fill({ value: '8' }, 'form:has(select[name=value]) button');
    expect(voted.text).toContain('Vote counted.');
    // The post in Discord counts it (edited within the poster's few seconds).
    await world.fake.waitFor(
      () => (posts().some((m) => m.embeds[0]?.footer?.text?.includes('1 vote')) ? true : undefined),
      15_000,
      'a post showing the vote',
    );
    const refusedModerator = await signInAs(arena.carol.id, `/dashboard/${arena.server.id}/review`);
    expect(refusedModerator.title).toBe('Not allowed');
  });

  it('a member is refused the settings and a key, with a page that says why', async () => {
    await signInAs(arena.carol.id);
    await browser.goto(`${base}/dashboard/${arena.server.id}/keys`);
    const page = await seen();
    expect(page.title).toBe('Not allowed');
    expect(page.text).toContain(
      'Managing API keys needs the Manage Server permission in Café Ludique',
    );
  });

  it("a member of another server is refused that server's dashboard", async () => {
    await signInAs(other.alice.id);
    await browser.goto(`${base}/dashboard/${arena.server.id}`);
    const page = await seen();
    expect(page.title).toBe('Not allowed');
    expect(page.text).toContain('You are not a member of this server');
  });

  it('a form posted from another site does not act: the browser keeps the session cookie to itself', async () => {
    await signInAs(arena.admin.id);
    const form = `<form method="post" action="${base}/dashboard/${arena.server.id}/boards"><input name="id" value="forged"><input name="type" value="Classic"><button>go</button></form>`;
    await browser.goto(`data:text/html,${encodeURIComponent(form)}`);
    await browser.click('button');
    const page = await seen();
    expect([401, 403].some((s) => page.text.includes(s === 401 ? 'Sign in' : 'Not allowed'))).toBe(
      true,
    );
    const board = await world.tally.ctx.repos.boards.byId(`guild:${arena.server.id}`, 'forged');
    expect(board).toBeNull();
  });

  it('an expired session is refused and asks to sign in again', async () => {
    await signInAs(arena.admin.id, `/dashboard/${arena.server.id}`);
    const past = timeParam(world.tally.ctx.repos.db.dialect, new Date(Date.now() - 1000));
    await world.tally.ctx.repos.db.run((m) =>
      m.query('UPDATE web_sessions SET expires_at = ?', [past]),
    );
    world.fake.oauth.signOut();
    await browser.goto(`${base}/dashboard/${arena.server.id}/keys`);
    const page = await seen();
    expect(page.path).not.toBe(`/dashboard/${arena.server.id}/keys`);
    expect(page.text).toMatch(/nobody is signed in|Sign in/);
  });

  it('a replayed sign-in address signs nobody in', async () => {
    await browser.clearCookies();
    world.fake.oauth.signInAs(arena.alice.id);
    const callbacks: string[] = [];
    browser.onNavigate((url) => url.includes('/auth/callback') && callbacks.push(url));
    await browser.goto(`${base}/auth/sign-in`);
    expect(callbacks).toHaveLength(1);
    await browser.clearCookies();
    await browser.goto(callbacks[0]!);
    const page = await seen();
    expect(page.title).toBe('Sign-in not completed');
  });

  it('a foreign return path is refused: a sign-in asked to end on another site ends on this one', async () => {
    const hosts: string[] = [];
    let watching = true;
    browser.onNavigate((url) => watching && hosts.push(new URL(url).host));
    try {
      for (const foreign of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x']) {
        await browser.clearCookies();
        world.fake.oauth.signInAs(arena.alice.id);
        await browser.goto(`${base}/auth/sign-in?return=${encodeURIComponent(foreign)}`);
        const page = await seen();
        expect(await browser.evaluate<string>('location.origin'), foreign).toBe(
          new URL(base).origin,
        );
        expect(page.path, foreign).toBe('/dashboard');
        expect(page.text, foreign).toContain('Signed in as Alice G');
      }
    } finally {
      watching = false;
    }
    expect(hosts).toContain(new URL(base).host);
    expect(hosts).not.toContain('evil.example');
  });

  it("an admin opens the board's queue with its section's form; who waits shows there and, counted, on the public page, at 1366 and 390 px", async () => {
    const settings = `/dashboard/${arena.server.id}/boards/${ladder.id}`;
    await signInAs(arena.admin.id, settings);
    const queueForm = 'form:has(input[name=section][value=queue])';
    for (const [name, value] of Object.entries({
      channel: arena.general.id,
      windowStart: '40',
      windowGrowthPerMinute: '10',
      windowMax: '300',
      readySeconds: '90',
    })) {
      await browser.evaluate(
        `document.querySelector(${JSON.stringify(`${queueForm} [name="${name}"]`)}).value = ${JSON.stringify(value)}`,
      );
    }
    await browser.click(`${queueForm} button`);
    const opened = await seen();
    expect(opened.text).toContain('Saved.');
    expect(opened.text).toContain('Nobody waiting. 0 matches open');
    // Ratings far apart, so the queue's step pairs nobody while the pages are looked at.
    const waiting: [{ id: string }, string, number][] = [
      [arena.carol, 'Maximiliana Wolkenstein-Rosenberg the Third', 1450],
      [arena.mod, 'Mo', 1250],
      [arena.visitor, 'Vi', 700],
    ];
    await putEntries(
      world.tally.ctx,
      ladder,
      Object.fromEntries(
        waiting.map(([m, name, elo]) => [`chat:${m.id}`, { playerName: name, elo }]),
      ),
    );
    for (const [m] of waiting)
      await joinQueue(world.tally.ctx, { board: ladder, member: `chat:${m.id}` });
    const publicPage = `/boards/guild:${arena.server.id}/${ladder.id}`;
    for (const screen of SCREENS) {
      await browser.viewport(screen.width, screen.height, screen.mobile);
      for (const dark of [false, true]) {
        await browser.preferDark(dark);
        const label = `${screen.name}-${dark ? 'dark' : 'light'}`;
        await browser.goto(`${base}${settings}`);
        const page = await seen();
        expect(page.wide, `settings ${label}`).toBe(false);
        expect(page.text).toContain('3 waiting · 0 matches open');
        expect(page.text).toContain('Maximiliana Wolkenstein-Rosenberg the Third');
        if (SHOTS) await shoot(screen, '#queue', join(SHOTS, `queue-settings-${label}.png`));
        await browser.goto(`${base}${publicPage}`);
        const board = await seen();
        expect(board.wide, `public ${label}`).toBe(false);
        expect(board.text).toContain('3 waiting in the queue · join in Discord with /queue join');
        if (SHOTS) await browser.screenshot(join(SHOTS, `queue-public-${label}.png`));
      }
    }
    await browser.preferDark(false);
  });

  if (SHOTS) {
    it('screenshots: each page at desktop and phone widths, light and dark', async () => {
      const g = arena.server.id;
      const key = await world.tally.key({ ownerId: `guild:${g}` });
      // So the review queue and Ali's own page are shot with items in them: three more reports
      // by Ali, one with a link as evidence, one declined with a reason (the first is approved).
      const report = async (extra: Record<string, string> = {}) => {
        const run = await world.run({
          ...arena.inGeneral(arena.alice),
          command: ['match', 'report'],
          options: { board: ladder.id, opponents: `<@${arena.bob.id}>`, result: 'won', ...extra },
        } as Parameters<DiscordWorld['run']>[0]);
        const handle = handleIn(run.message.content ?? JSON.stringify(run.message));
        await world.statusBecomes(handle, key, 'pending_review');
        return handle;
      };
      const linked = await report({ evidence_link: 'https://videos.example/ladder/7' });
      await report();
      const declined = await report();
      await signInAs(arena.admin.id, `/dashboard/${g}/review/${declined}`);
      await fill(
        { reason: 'The screenshot shows another match.' },
        'form:has(input[name=action][value=decline]) button',
      );
      const screens = [
        [1280, 900, false, 'desktop'],
        [390, 844, true, 'phone'],
      ] as const;
      /** Each screen and scheme; `show` loads the page (or leaves the one shown) before its shot. */
      const shots = async (name: string, show: () => Promise<unknown>) => {
        for (const [w, h, mobile, label] of screens) {
          await browser.viewport(w, h, mobile);
          for (const dark of [false, true]) {
            await browser.preferDark(dark);
            await show();
            const page = await seen();
            expect(page.wide, `${name} ${label}`).toBe(false);
            await browser.screenshotFull(
              join(SHOTS, `${name}-${label}-${dark ? 'dark' : 'light'}.png`),
            );
          }
        }
      };
      const pages: [string, Record<string, string>][] = [
        [
          arena.admin.id,
          {
            servers: '/dashboard',
            boards: `/dashboard/${g}`,
            settings: `/dashboard/${g}/boards/friday-cup`,
            delete: `/dashboard/${g}/boards/friday-cup/delete`,
            keys: `/dashboard/${g}/keys`,
            audit: `/dashboard/${g}/audit`,
            review: `/dashboard/${g}/review`,
            'review-item': `/dashboard/${g}/review/${linked}`,
            submission: `/dashboard/${g}/review/${pending}`,
            mine: `/dashboard/${g}/mine`,
            contest: `/dashboard/${g}/contest/${gallery.id}`,
            refused: `/dashboard/${other.server.id}`,
          },
        ],
        [arena.alice.id, { 'mine-reports': `/dashboard/${g}/mine` }],
      ];
      for (const [who, views] of pages) {
        await signInAs(who);
        for (const [name, path] of Object.entries(views))
          await shots(name, () => browser.goto(`${base}${path}`));
      }
      // Pages that answer a form: shown once, then shot as they are on each screen.
      await signInAs(arena.admin.id, `/dashboard/${g}/keys`);
      await fill({ label: 'Scoreboard widget', access: 'read' }, 'form.stack button.primary');
      expect((await seen()).text).toContain('Copy it now');
      await shots('key-minted', async () => {});
      await browser.goto(`${base}/dashboard/${g}/boards/friday-cup/delete`);
      await fill({ confirm: 'friday' }, 'form.stack button.danger');
      expect((await seen()).text).toContain('Nothing was deleted');
      await shots('delete-refused', async () => {});
      // Signing in: Tally has no page of its own before Discord's consent screen; a visitor who
      // presses Cancel there comes back to this one.
      await browser.clearCookies();
      world.fake.oauth.deny();
      await shots('sign-in-cancelled', () => browser.goto(`${base}/auth/sign-in`));
      expect((await seen()).title).toBe('Sign-in cancelled');
      world.fake.oauth.signInAs(arena.admin.id);
    }, 120_000); // some 70 full-page shots
  }
});
