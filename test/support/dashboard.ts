import type { FakeDiscord } from './fake-discord';
import type { TestTally } from './tally';

/**
 * A member's browser for the dashboard over plain HTTP: a cookie jar, redirects followed by
 * hand (Discord's consent page is the fake's, Tally's callback is at PUBLIC_URL, which tests
 * route to the test server), Origin set as a browser sets it on a form POST, and the CSRF token
 * read from the last page, as a form would carry it.
 */
export interface Page {
  status: number;
  html: string;
  headers: Headers;
  /** Where a redirect pointed (as sent), if the last hop was one. */
  location: string | null;
  /** The path of the last request. */
  path: string;
}

const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1];

let visitors = 0;

export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;
  /**
   * This browser's address as Tally sees it (X-Forwarded-For, with TRUST_PROXY=1 in signInEnv):
   * each browser is its own visitor, so per-address limits never couple two tests, unless one is
   * given (two people behind one address, to tell a per-member limit from a per-address one).
   */
  readonly address: string;

  constructor(
    private readonly tally: TestTally,
    private readonly fake: FakeDiscord,
    address?: string,
  ) {
    this.address =
      address ?? `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(++visitors % 250) + 1}`;
  }

  /** PUBLIC_URL's origin, which a browser on Tally's pages would send as Origin. */
  get origin(): string {
    return new URL(this.tally.config.publicUrl).origin;
  }

  private local(url: string): string {
    const u = new URL(url, this.tally.config.publicUrl);
    return u.origin === this.origin ? `${this.tally.url}${u.pathname}${u.search}` : u.href;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect followed. */
  async request(
    method: 'GET' | 'POST',
    url: string,
    options: {
      form?: Record<string, string>;
      /** A multipart body (fetch writes its Content-Type with the boundary). */
      multipart?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    const target = this.local(url);
    const ours = target.startsWith(this.tally.url);
    const headers: Record<string, string> = { ...options.headers };
    if (ours && this.cookies.size) headers.cookie = this.cookieHeader();
    if (ours) headers['x-forwarded-for'] = this.address;
    let body: string | FormData | undefined = options.multipart;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(target, { method, headers, body, redirect: 'manual' });
    if (ours) this.keep(res.headers);
    const html = await res.text();
    const token = csrfIn(html);
    if (token) this.csrf = token;
    return {
      status: res.status,
      html,
      headers: res.headers,
      location: res.headers.get('location'),
      path: new URL(target).pathname,
    };
  }

  /** GET, following redirects (through the fake's consent page) to the page they end on. */
  async get(url: string): Promise<Page> {
    let page = await this.request('GET', url);
    for (let hops = 0; page.location && hops < 6; hops++) {
      page = await this.request('GET', page.location);
    }
    return page;
  }

  /** A form POST from one of Tally's pages (Origin and the page's CSRF token), redirects followed. */
  async post(
    path: string,
    form: Record<string, string>,
    extra: { csrf?: string | null; origin?: string | null } = {},
  ): Promise<Page> {
    const csrf = extra.csrf === undefined ? this.csrf : extra.csrf;
    const origin = extra.origin === undefined ? this.origin : extra.origin;
    const page = await this.request('POST', path, {
      form: { ...(csrf === null || csrf === undefined ? {} : { csrf }), ...form },
      headers: origin === null ? {} : { origin },
    });
    return page.location ? this.get(page.location) : page;
  }

  /**
   * A multipart form POST (an upload) from one of Tally's pages: the fields and files given, the
   * page's CSRF token first (as the form's hidden field is) unless `csrf` says otherwise.
   */
  async upload(
    path: string,
    fields: Record<string, string | Blob | { data: Uint8Array; filename: string; type?: string }>,
    extra: { csrf?: string | null; origin?: string | null } = {},
  ): Promise<Page> {
    const csrf = extra.csrf === undefined ? this.csrf : extra.csrf;
    const origin = extra.origin === undefined ? this.origin : extra.origin;
    const form = new FormData();
    if (csrf !== null && csrf !== undefined) form.set('csrf', csrf);
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string' || value instanceof Blob) form.set(name, value);
      else
        form.set(
          name,
          new Blob([new Uint8Array(value.data)], { type: value.type ?? '' }),
          value.filename,
        );
    }
    const page = await this.request('POST', path, {
      multipart: form,
      headers: origin === null ? {} : { origin },
    });
    return page.location ? this.get(page.location) : page;
  }

  /** Signs in as `userId` through the fake's consent page; returns the page it lands on. */
  async signIn(userId: string, returnTo = '/dashboard'): Promise<Page> {
    this.fake.oauth.signInAs(userId);
    return this.get(`/auth/sign-in?return=${encodeURIComponent(returnTo)}`);
  }
}

/** Tally's environment for sign-in against this fake (its redirect URI registered). */
export function signInEnv(fake: FakeDiscord): Record<string, string> {
  fake.oauth.allowRedirect('http://tally.test/auth/callback');
  return { DISCORD_CLIENT_SECRET: fake.clientSecret, TRUST_PROXY: '1' };
}

/** The text of a page's body, tags dropped, spaces collapsed: what a reader sees. */
export const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
