import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { serverLanguageOf } from '../../src/pipeline/server-language';
import { cast, chat, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf, type Page } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * The dashboard in the visitor's language (issue 32): the browser's Accept-Language (or the
 * language switch's cookie) picks German, Spanish or Brazilian Portuguese, an unshipped one reads
 * English; labels, flashes, refusal pages and form errors follow, `<html lang>` says it. A manager
 * sets the server's language from its page (the use case /setup language calls); a member cannot,
 * nor can a forged POST.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast({ members: { admin: {} } });
arena.server.roles.push(managers);
arena.admin.roles = [...(arena.admin.roles ?? []), managers.id];

let world: DiscordWorld;
let ownerId: string;
let key: string;
let ladder: Board;
let handle: string;
let gallery: Board;

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 4, actionsPerMinute: 1000, pagesPerMinute: 1000 } },
  });
  ownerId = await world.tally.owner(`guild:${arena.server.id}`);
  key = await world.tally.key({ ownerId });
  ladder = await world.tally.board({
    ownerId,
    id: 'ladder',
    type: 'ELO',
    name: 'Ladder',
    moderatorChannelId: arena.modQueue.id,
    moderatorRoleId: arena.referees.id,
  });
  gallery = await world.tally.board({ ownerId, id: 'skies', type: 'Rating', name: 'Skies' });
  handle = await world.submitMatch(ladder, key, [chat(arena.alice)], [chat(arena.bob)]);
  await world.statusBecomes(handle, key, 'pending_review');
});
afterAll(async () => {
  await world?.stop();
});

const g = arena.server.id;
const text = (p: Page) => textOf(p.html);
const signedIn = async (userId: string) => {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(userId);
  return b;
};
/** A page as a browser asking for `language` first (Accept-Language) opens it. */
const asking = (b: DashboardBrowser, path: string, language: string) =>
  b.request('GET', path, { headers: { 'accept-language': language } });

describe('the dashboard in the browser’s language', () => {
  it.each([
    [
      'de-DE,de;q=0.9,en;q=0.5',
      'de',
      [
        'Ranglisten',
        'Neue Rangliste',
        'Rangliste erstellen',
        'Sprache des Servers',
        'Prüfliste',
        'Abmelden',
      ],
    ],
    [
      'es-ES,es;q=0.9',
      'es',
      [
        'Tablas',
        'Nueva tabla',
        'Crear tabla',
        'Idioma del servidor',
        'Cola de revisión',
        'Cerrar sesión',
      ],
    ],
    [
      'pt-BR,pt;q=0.9',
      'pt-BR',
      [
        'Rankings',
        'Novo ranking',
        'Criar ranking',
        'Idioma do servidor',
        'Fila de revisão',
        'Sair',
      ],
    ],
    [
      'fr-FR,fr;q=0.9',
      'en',
      ['Boards', 'New board', 'Create board', 'Server language', 'Review queue', 'Sign out'],
    ],
    [
      'ja',
      'en',
      ['Boards', 'New board', 'Create board', 'Server language', 'Review queue', 'Sign out'],
    ],
  ] as const)(
    'GIVEN Accept-Language %s THEN the server page is in %s, <html lang> too',
    async (header, lang, words) => {
      const admin = await signedIn(arena.admin.id);
      const page = await asking(admin, `/dashboard/${g}`, header);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<html lang="${lang}">`);
      for (const word of words) expect(text(page)).toContain(word);
      // What the forms post is the same in every language: the type's name, not its words.
      expect(page.html).toContain('<option value="League">');
      expect(page.html).toContain('name="windowHours"');
      if (lang !== 'en') expect(text(page)).not.toContain('New board');
    },
  );

  it('GIVEN German THEN a board’s settings, the review queue and a submission read German; the switch’s cookie wins over the browser', async () => {
    const admin = await signedIn(arena.admin.id);
    const settings = await asking(admin, `/dashboard/${g}/boards/${ladder.id}`, 'de');
    expect(text(settings)).toContain('Diesen Abschnitt speichern');
    expect(text(settings)).toContain('Wer ein Match bestätigt');
    expect(settings.html).toContain('<option value="moderators" selected>Die Moderation</option>');
    expect(text(settings)).toContain('Abbau bei Inaktivität');
    expect(text(settings)).toContain('Rangliste vom Typ ELO');

    const queue = await asking(admin, `/dashboard/${g}/review`, 'de');
    expect(text(queue)).toContain('Prüfliste');
    expect(text(queue)).toContain('1 wartet, älteste zuerst.');
    // The result, as the use case words it for the queue, in the page's language too.
    expect(text(queue)).toContain('Ali besiegte Bobby');
    expect(text(queue)).toContain('Eingesendet von');
    const one = await asking(admin, `/dashboard/${g}/review/${handle}`, 'de');
    expect(text(one)).toContain('Prüfen: Ladder');
    expect(text(one)).toContain('Annehmen');
    expect(text(one)).toContain('Anpassen und annehmen');

    // The public pages' switch, at the foot: this page in each language; a pick is remembered.
    expect(queue.html).toContain('<nav class="languages"');
    expect(queue.html).toContain('href="?lang=es" hreflang="es" lang="es"');
    const switched = await asking(admin, `/dashboard/${g}/review?lang=es`, 'de');
    expect(switched.html).toContain('<html lang="es">');
    expect(admin.cookies.get('tally_lang')).toBe('es');
    const picked = await asking(admin, `/dashboard/${g}/review`, 'de');
    expect(picked.html).toContain('<html lang="es">');
    expect(text(picked)).toContain('1 envío en espera, el más antiguo primero.');
  });

  it('GIVEN German THEN a save says what it kept, a bad number is refused in German and nothing changes', async () => {
    const admin = await signedIn(arena.admin.id);
    admin.cookies.set('tally_lang', 'de');
    await admin.get(`/dashboard/${g}/boards/${ladder.id}`);
    const saved = await admin.post(`/dashboard/${g}/boards/${ladder.id}`, {
      section: 'display',
      medals: 'on',
      standingsSize: '10',
    });
    expect(saved.status).toBe(200);
    expect(text(saved)).toContain(
      'Gespeichert. Nur „Darstellung“ wurde gespeichert; ungespeicherte Änderungen in anderen Abschnitten wurden, falls vorhanden, verworfen.',
    );
    const refused = await admin.post(`/dashboard/${g}/boards/${ladder.id}`, {
      section: 'general',
      name: 'Ladder',
      windowHours: 'zwei',
    });
    expect(refused.status).toBe(422);
    expect(text(refused)).toContain('Das hat nicht geklappt');
    expect(text(refused)).toContain('„Prüffrist“ muss eine ganze Zahl sein');
    // A use case's own refusal (its `said`) reads in the page's language too.
    const outOfRange = await admin.post(`/dashboard/${g}/boards/${ladder.id}`, {
      section: 'general',
      name: 'Ladder',
      reviewMode: 'opponents',
      confirmHours: '0',
    });
    expect(outOfRange.status).toBe(422);
    expect(text(outOfRange)).toContain('muss eine ganze Zahl von 1 bis 720 sein');
    expect(text(outOfRange)).not.toContain('must be a whole number');
    expect((await world.tally.ctx.repos.boards.byId(ownerId, ladder.id))!.displayName).toBe(
      'Ladder',
    );
  });

  it('GIVEN a member without Manage Server THEN the 403 page says why in their language (Spanish, Portuguese; English for fr)', async () => {
    const member = await signedIn(arena.alice.id);
    const es = await asking(member, `/dashboard/${g}/keys`, 'es-ES');
    expect(es.status).toBe(403);
    expect(text(es)).toContain('No permitido');
    expect(text(es)).toContain(
      'Gestionar las claves de API requiere el permiso «Gestionar servidor» en',
    );
    const pt = await asking(member, `/dashboard/${g}/keys`, 'pt-BR');
    expect(text(pt)).toContain('Não permitido');
    expect(text(pt)).toContain('Gerenciar chaves de API precisa da permissão “Gerenciar servidor”');
    const fr = await asking(member, `/dashboard/${g}/keys`, 'fr');
    expect(text(fr)).toContain('Not allowed');
    expect(text(fr)).toContain('Managing API keys needs the Manage Server permission in');
    const mine = await asking(member, `/dashboard/${g}/mine`, 'de');
    expect(mine.status).toBe(200);
    expect(text(mine)).toContain('Ergebnisse und Matches');
    expect(text(mine)).toContain(
      'Du hast hier in den letzten 30 Tagen kein Ergebnis und kein Match gemeldet.',
    );
    const contest = await asking(member, `/dashboard/${g}/contest/${gallery.id}`, 'es-419');
    expect(contest.status).toBe(200);
    for (const words of [
      'Concurso de imágenes',
      'Enviar una participación',
      'Todavía no hay participaciones.',
      'PNG, JPEG, WebP o GIF, de 10 MB como máximo.',
    ])
      expect(text(contest)).toContain(words);
    const missing = await asking(member, `/dashboard/${g}/nowhere`, 'de');
    expect(missing.status).toBe(404);
    expect(text(missing)).toContain('Unter dieser Adresse gibt es keine Dashboard-Seite');
  });

  it('GIVEN a sign-in that did not start in this browser THEN the refusal reads Portuguese', async () => {
    const b = new DashboardBrowser(world.tally, world.fake);
    const page = await asking(b, '/auth/callback?code=x&state=not-mine', 'pt-BR');
    expect(page.status).toBe(400);
    expect(page.html).toContain('<html lang="pt-BR">');
    expect(text(page)).toContain('Login não concluído');
    expect(text(page)).toContain('Este login não começou neste navegador');
    expect(text(page)).toContain('Entrar com o Discord');
  });

  it('GIVEN too many sign-ins from one address THEN the 429 page says “slow down” in German', async () => {
    const b = new DashboardBrowser(world.tally, world.fake);
    let last: Page | undefined;
    for (let i = 0; i < 6; i++) last = await asking(b, '/auth/sign-in', 'de');
    expect(last!.status).toBe(429);
    expect(text(last!)).toContain('Langsamer, bitte');
    expect(text(last!)).toMatch(/Zu viele Anfragen; versuch es in \d+ s noch mal\./);
    expect(last!.html).toContain('<html lang="de">');
  });
});

describe('the server’s language, set from the dashboard', () => {
  const languagePath = `/dashboard/${g}/language`;
  const picked = async () => (await serverLanguageOf(world.tally.ctx, ownerId)).picked;

  it('a manager picks Deutsch, then follows Discord again; the page shows the pick and says it saved', async () => {
    const admin = await signedIn(arena.admin.id);
    const page = await admin.get(`/dashboard/${g}`);
    expect(page.html).toContain('<option value="" selected>Follow Discord</option>');
    for (const name of ['English', 'Español', 'Português (Brasil)', 'Deutsch'])
      expect(text(page)).toContain(name);
    const saved = await admin.post(languagePath, { language: 'de' });
    expect(saved.status).toBe(200);
    expect(text(saved)).toContain('Saved. Tally’s posts here speak the language picked.');
    expect(saved.html).toContain('<option value="de" selected>Deutsch</option>');
    expect(await picked()).toBe('de');

    const unknown = await admin.post(languagePath, { language: 'fr' });
    expect(unknown.status).toBe(422);
    expect(text(unknown)).toContain('that is not one of the languages Tally speaks');
    expect(await picked()).toBe('de');

    await admin.post(languagePath, { language: '' });
    expect(await picked()).toBe(null);
  });

  it('a member without Manage Server is refused with 403, and a forged POST (no token, another origin) changes nothing', async () => {
    const member = await signedIn(arena.alice.id);
    await member.get(`/dashboard/${g}`);
    expect((await member.get(`/dashboard/${g}`)).html).not.toContain('name="language"');
    const refused = await member.post(languagePath, { language: 'es' });
    expect(refused.status).toBe(403);
    expect(text(refused)).toContain(
      'Choosing the server’s language needs the Manage Server permission',
    );
    expect(await picked()).toBe(null);

    const admin = await signedIn(arena.admin.id);
    await admin.get(`/dashboard/${g}`);
    const forged = await admin.request('POST', languagePath, {
      form: { language: 'es' },
      headers: { origin: admin.origin, 'accept-language': 'pt-BR' },
    });
    expect(forged.status).toBe(403);
    expect(text(forged)).toContain('Este formulário não veio deste painel');
    expect((await admin.post(languagePath, { language: 'es' }, { csrf: null })).status).toBe(403);
    expect(
      (await admin.post(languagePath, { language: 'es' }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(await picked()).toBe(null);
  });
});
