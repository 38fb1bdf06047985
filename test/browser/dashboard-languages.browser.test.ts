import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { cast, handleIn, role } from '../support/cast';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import { Browser } from './chromium';

/**
 * The dashboard in German in real Chromium (issue 32): a browser whose languages put German first
 * signs in and reads the server page, a board's settings (and a section's save) and the review
 * queue in German, `<html lang="de">` on each. DASHBOARD_DE_SCREENSHOTS=<dir> saves each page
 * there, for a person to look at.
 */
const SHOTS = process.env.DASHBOARD_DE_SCREENSHOTS;

const managers = role('Server-Admins', { permissions: MANAGE_SERVER });
const arena = cast({ name: 'Spieleabend Köln' });
arena.server.roles.push(managers);
arena.admin.roles = [managers.id];
arena.admin.globalName = 'Ada Admin';

let world: DiscordWorld;
let browser: Browser;
let base: string;
let ladder: Board;
let pending: string;

/** The browser's languages, as a visitor's settings send them (the DevTools protocol's header). */
async function acceptLanguage(value: string) {
  // chromium.ts keeps its protocol call private; the call itself is Chromium's public API.
  const tab = (browser as unknown as { tab(method: string, params: object): Promise<unknown> }).tab;
  await tab.call(browser, 'Network.setExtraHTTPHeaders', { headers: { 'Accept-Language': value } });
}

interface Seen {
  lang: string;
  title: string;
  text: string;
  wide: boolean;
}
const seen = () =>
  browser.evaluate<Seen>(`(() => ({
    lang: document.documentElement.lang,
    title: document.querySelector('h1')?.textContent ?? '',
    text: document.body.innerText,
    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }))()`);

async function open(path: string, shot: string): Promise<Seen> {
  await browser.goto(`${base}${path}`);
  if (SHOTS) await browser.screenshotFull(join(SHOTS, `${shot}.png`));
  return seen();
}

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  world = await startDiscordWorld({
    guilds: [arena.server],
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
    name: 'Rangliste Schach',
    moderatorChannelId: arena.modQueue.id,
    moderatorRoleId: arena.referees.id,
  });
  const run = await world.run({
    ...arena.inGeneral(arena.alice),
    command: ['match', 'report'],
    options: { board: ladder.id, opponents: `<@${arena.bob.id}>`, result: 'won' },
  } as Parameters<DiscordWorld['run']>[0]);
  pending = handleIn(run.message.content ?? JSON.stringify(run.message));
  browser = await Browser.launch();
  await browser.viewport(1280, 900);
  await acceptLanguage('de-DE,de;q=0.9,en;q=0.5');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

describe('the dashboard in German, in headless Chromium', () => {
  it('signs in and shows the server page in German', async () => {
    world.fake.oauth.signInAs(arena.admin.id);
    const page = await open(`/dashboard/${arena.server.id}`, 'server');
    expect(page.lang).toBe('de');
    expect(page.title).toBe('Ranglisten');
    for (const words of [
      'Angemeldet als',
      'Neue Rangliste',
      'Rangliste erstellen',
      'Prüffrist (Stunden)',
      'Sprache des Servers',
      'Discord folgen',
      'Öffentliche Seite',
      'Meine Einsendungen',
    ])
      expect(page.text).toContain(words);
    expect(page.text).not.toContain('New board');
    expect(page.wide).toBe(false);
  });

  it('shows a board’s settings in German and says in German what a save kept', async () => {
    const page = await open(`/dashboard/${arena.server.id}/boards/${ladder.id}`, 'settings');
    expect(page.lang).toBe('de');
    for (const words of [
      'Allgemein',
      'Darstellung',
      'Live-Tabelle',
      'Warteschlange',
      'Abbau bei Inaktivität',
      'Saisons',
      'Rangrollen',
      'Wer ein Match bestätigt',
      'Diesen Abschnitt speichern',
      'Diese Rangliste löschen',
    ])
      expect(page.text).toContain(words);
    expect(page.wide).toBe(false);
    await browser.click('#display button[type="submit"]');
    if (SHOTS) await browser.screenshotFull(join(SHOTS, 'settings-saved.png'));
    const saved = await seen();
    expect(saved.text).toContain('Gespeichert. Nur „Darstellung“ wurde gespeichert');
  });

  it('shows the review queue and a submission in German', async () => {
    const queue = await open(`/dashboard/${arena.server.id}/review`, 'review-queue');
    expect(queue.lang).toBe('de');
    expect(queue.title).toBe('Prüfliste');
    expect(queue.text).toContain('1 wartet, älteste zuerst.');
    for (const words of ['Einsendung', 'Eingesendet von', 'Läuft ab'])
      expect(queue.text).toContain(words);
    const one = await open(`/dashboard/${arena.server.id}/review/${pending}`, 'submission');
    expect(one.title).toBe('Prüfen: Rangliste Schach');
    for (const words of ['Entscheiden', 'Annehmen', 'Ablehnen', 'Anpassen und annehmen'])
      expect(one.text).toContain(words);
    expect(one.wide).toBe(false);
  });
});
