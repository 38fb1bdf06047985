import { describe, expect, it } from 'vitest';
import type { WebSession } from '../../entities/web-session';
import { toldIn } from '../../src/domain/errors';
import { CATALOGUES, LANGUAGES } from '../../src/domain/i18n';
import { dashboardHtml } from '../../src/web/dashboard/layout';
import { refusal, wordsFor } from '../../src/web/dashboard/words';

/**
 * The dashboard's words (issue 32) without a server: a text with markup of its own keeps the
 * same tags in every language (a translation cannot break a page), the chrome speaks the page's
 * language and escapes the member's name, and a refusal says in the page's language what its
 * English detail says.
 */
type Tree = { readonly [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );
}
const tags = (text: string) => [...text.matchAll(/<[^>]+>/g)].map((m) => m[0]);
const part = (language: (typeof LANGUAGES)[number]) =>
  new Map(leaves(CATALOGUES[language].dashboard as Tree));

describe('the dashboard part of the catalogue', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'GIVEN %s THEN every text with markup (…Html) has exactly English’s tags, and no other text has any',
    (language) => {
      const english = part('en');
      for (const [key, text] of part(language)) {
        const source = english.get(key.replace(/_(zero|one|two|few|many|other)$/, '_other'));
        expect(source, key).toBeDefined();
        if (key.endsWith('Html')) expect(tags(text), key).toEqual(tags(source!));
        else expect(tags(text), key).toEqual([]);
      }
    },
  );
});

describe('the dashboard’s chrome and refusals in a language', () => {
  const session = { csrfToken: 'token', userName: 'Ada <b>Admin</b>' } as WebSession;

  it('GIVEN German THEN <html lang="de">, the header in German with the name escaped, Deutsch marked in the switch', () => {
    const html = dashboardHtml('Titel', '<h1>Ranglisten</h1>', { session, w: wordsFor('de') });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Angemeldet als <bdi>Ada &lt;b&gt;Admin&lt;/b&gt;</bdi>');
    expect(html).toContain('>Abmelden</button>');
    expect(html).toContain('<strong>Tally</strong>-Dashboard');
    expect(html).toMatch(/hreflang="de" lang="de" aria-current="true"/);
  });

  it('GIVEN English THEN the chrome reads as it always did', () => {
    const html = dashboardHtml('Title', '', { session: null, w: wordsFor('en') });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('>Sign in with Discord</a>');
    expect(html).toContain('<strong>Tally</strong> dashboard');
  });

  it('GIVEN a refusal with a named action THEN its detail is English and what it says is the page’s language, the action too', () => {
    const err = refusal(wordsFor('es'), 'permission_denied', 'guard.needManage', (w) => ({
      what: w.t('guard.mintingKey'),
      server: 'Café',
    }));
    expect(err.status).toBe(403);
    expect(err.detail).toBe(
      'Minting an API key needs the Manage Server permission in Café, which your Discord account does not have there. Ask a server admin.',
    );
    expect(toldIn(err, 'es')).toBe(
      'Crear una clave de API requiere el permiso «Gestionar servidor» en Café, y tu cuenta de Discord no lo tiene allí. Pídeselo a un administrador del servidor.',
    );
  });
});
