import fc from 'fast-check';
import { encodeCursor } from '../../../src/domain/cursor';
import type { World } from './world';

/**
 * Generators of hostile input for every part of a request. Header values carry a marker
 * (`RFLX<n>Q`) at send time, so a reflected value is found by searching the answer for "RFLX".
 */
export const MARKER = 'RFLX';

const weighted = <T>(...entries: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** Any Unicode text, including lone surrogates, controls and astral characters. */
const anyText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
  );

/* ----------------------------------- headers ----------------------------------------------- */

export type AuthChoice =
  | 'valid'
  | 'lowercase'
  | 'uppercase'
  | 'spaces'
  | 'tab'
  | 'read'
  | 'test'
  | 'narrow'
  | 'otherOwner'
  | 'unknown'
  | 'wrongSecret'
  | 'none'
  | 'empty'
  | 'basic'
  | 'two'
  | 'junk'
  | 'keyPlusJunk';

export const authChoice: fc.Arbitrary<AuthChoice> = weighted<AuthChoice>(
  [45, fc.constant('valid')],
  [
    20,
    fc.constantFrom<AuthChoice>(
      'lowercase',
      'uppercase',
      'spaces',
      'tab',
      'read',
      'test',
      'narrow',
      'otherOwner',
      'unknown',
      'wrongSecret',
      'none',
      'empty',
      'basic',
      'two',
      'junk',
      'keyPlusJunk',
    ),
  ],
);

export function authHeaders(choice: AuthChoice, world: World, marker: string): [string, string][] {
  const { key } = world.a;
  const auth = (value: string): [string, string][] => [['Authorization', value]];
  switch (choice) {
    case 'valid':
      return auth(`Bearer ${key}`);
    case 'lowercase':
      return auth(`bearer ${key}`);
    case 'uppercase':
      return auth(`BEARER ${key}`);
    case 'spaces':
      return auth(`Bearer    ${key}   `);
    case 'tab':
      return auth(`Bearer\t${key}`);
    case 'read':
      return auth(`Bearer ${world.a.readKey}`);
    case 'test':
      return auth(`Bearer ${world.a.testKey}`);
    case 'narrow':
      return auth(`Bearer ${world.a.narrowKey}`);
    case 'otherOwner':
      return auth(`Bearer ${world.b.key}`);
    case 'unknown':
      return auth(`Bearer sk_live_${'A'.repeat(36)}${marker}`);
    case 'wrongSecret':
      return auth(`Bearer ${key.slice(0, -8)}${marker}`);
    case 'none':
      return [];
    case 'empty':
      return auth('');
    case 'basic':
      return auth(`Basic ${Buffer.from(`user:${marker}`).toString('base64')}`);
    case 'two':
      return [...auth(`Bearer ${key}`), ...auth(`Bearer ${key}`)];
    case 'junk':
      return auth(`Bearer ${marker}\u00ff\u00e9 ${marker}`);
    case 'keyPlusJunk':
      return auth(`Bearer ${key}${marker}`);
  }
}

/** X-Request-Id variants: absent, usable (echoed), and every unusable form (never echoed). */
export const requestIdChoice = weighted<{
  lines: (marker: string) => [string, string][];
  ids: (marker: string) => string[];
}>(
  [4, fc.constant({ lines: () => [], ids: () => [] })],
  [
    4,
    fc.stringMatching(/^[a-z0-9._-]{1,64}$/).map((id) => ({
      lines: () => [['X-Request-Id', id]],
      ids: () => [id],
    })),
  ],
  [
    6,
    fc
      .oneof(
        fc.integer({ min: 61, max: 300 }).map((n) => (m: string) => `${m}${'r'.repeat(n)}`),
        fc.constant((m: string) => `${m} with space`),
        fc.constant((m: string) => `${m}/slash`),
        fc.constant((m: string) => `${m}\u00e9\u00e8`),
        fc.constant((m: string) => `${m}\u2603\u{1f3b2}`),
        fc.constant((m: string) => `${m}\rinjected`),
        fc.constant((m: string) => `${m}\ninjected`),
        fc.constant((m: string) => `${m}\u0000nul`),
        fc.constant((m: string) => `"${m}"<script>`),
        anyText(30)
          // Controls have cases of their own (the parser refuses them).
          // eslint-disable-next-line no-control-regex
          .map((s) => s.replace(/[\x00-\x1f\x7f]/g, ''))
          .filter((s) => /[^A-Za-z0-9._-]/.test(s)) // always unusable, even once shrunk
          .map((s) => (m: string) => `${m}${s}`),
      )
      .map((make) => ({
        lines: (m: string) => [['X-Request-Id', make(m)]],
        ids: (m: string) => [make(m)],
      })),
  ],
  [
    1,
    fc.constant({
      // A CRLF in the value ends the header: the first part is a usable id, the rest a new header.
      lines: (m: string): [string, string][] => [['X-Request-Id', `crlf-ok\r\nX-Injected: ${m}`]],
      ids: () => ['crlf-ok'],
    }),
  ],
  [
    1,
    fc.constant({
      lines: (m: string): [string, string][] => [
        ['X-Request-Id', 'first-id'],
        ['X-Request-Id', `second-${m}`],
      ],
      ids: (m: string) => ['first-id', `second-${m}`],
    }),
  ],
);

/** Idempotency-Key variants: fresh, reused from a small pool (replays, conflicts), unusable. */
export const idempotencyChoice = weighted<(marker: string, fresh: string) => [string, string][]>(
  [20, fc.constant((m: string, fresh: string) => [['Idempotency-Key', `${fresh}-${m}`]])],
  [
    3,
    fc
      .integer({ min: 1, max: 4 })
      .map((n) => () => [['Idempotency-Key', `pool-${MARKER}POOLQ-${n}`]]),
  ],
  [
    5,
    fc.constantFrom<(m: string, fresh: string) => [string, string][]>(
      () => [],
      () => [['Idempotency-Key', '']],
      (m) => [['Idempotency-Key', `${m}${'k'.repeat(260)}`]],
      (m) => [['Idempotency-Key', `${m}\u00e9\u2603`]],
      (m) => [['Idempotency-Key', `${m}\tkey`]],
      (m) => [['Idempotency-Key', ` ${m}`]],
      (m, fresh) => [
        ['Idempotency-Key', `${fresh}-${m}`],
        ['Idempotency-Key', `${fresh}-${m}-2`],
      ],
    ),
  ],
);

export const contentTypeChoice = weighted<[string, string][]>(
  [24, fc.constant([['Content-Type', 'application/json']])],
  [
    6,
    fc.constantFrom<[string, string][]>(
      [['Content-Type', 'application/json; charset=utf-8']],
      [['Content-Type', 'APPLICATION/JSON']],
      [['Content-Type', 'application/json; charset=latin1']],
      [['Content-Type', 'application/json; charset=utf-16']],
      [['Content-Type', 'application/json; charset=x-unknown']],
      [['Content-Type', 'text/plain']],
      [['Content-Type', 'text/html']],
      [['Content-Type', 'application/x-www-form-urlencoded']],
      [['Content-Type', 'multipart/form-data; boundary=zz']],
      [['Content-Type', 'application/problem+json']],
      [['Content-Type', '']],
      [],
      [
        ['Content-Type', 'application/json'],
        ['Content-Type', 'text/plain'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['Content-Encoding', 'gzip'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['Content-Encoding', 'compress'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['Content-Encoding', 'br'],
      ],
    ),
  ],
);

/* ----------------------------------- path values ------------------------------------------- */

/** A path segment as written on the wire (already encoded, or deliberately broken). */
const junkSegment: fc.Arbitrary<string> = fc.oneof(
  anyText()
    .filter((s) => s.length > 0)
    .map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return Buffer.from(s, 'utf8').toString('hex'); // a lone surrogate cannot be URI-encoded
      }
    }),
  fc.stringMatching(/^[A-Za-z0-9%._~!$&'()*+,;=:@-]{1,40}$/),
  fc.integer({ min: 101, max: 4000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 30, max: 1200 }).map((n) => '%F0%9F%8E%B2'.repeat(n)),
  fc.constantFrom(
    '%',
    '%%',
    '%zz',
    '%00',
    '%2F',
    '%2F..%2F',
    '..',
    '.',
    '%2e%2e',
    '%C0%AE',
    '%E0%A4%A',
    '%FF',
    '%7B%22a%22%3A1%7D',
    '__proto__',
    'constructor',
    'prototype',
    '%5F%5Fproto%5F%5F',
    'null',
    'undefined',
    "'%20OR%201=1--",
    '%3Cscript%3E',
  ),
);

export const boardSegment = (world: World): fc.Arbitrary<string> =>
  weighted(
    [16, fc.constantFrom(...Object.values(world.a.boards).map((b) => encodeURIComponent(b.id)))],
    [2, fc.constantFrom(...Object.values(world.b.boards).map((b) => encodeURIComponent(b.id)))],
    [1, fc.constant('board_999999999')],
    [5, junkSegment],
  );

export const playerSegment = (world: World): fc.Arbitrary<string> =>
  weighted(
    [6, fc.constantFrom(...world.a.players, ...world.a.players.map((p) => p.slice(5)))],
    [2, fc.constantFrom(...world.b.players)],
    [
      3,
      fc
        .oneof(
          fc.stringMatching(/^\d{17,20}$/).map((s) => `chat:${s}`),
          fc.stringMatching(/^\d{1,25}$/),
          anyText().map((s) => `custom:${s}`),
          fc.constantFrom(
            'role:1',
            'team:1',
            'team:999999999999999',
            'chat:1',
            'chat:',
            'custom:',
            'discord:1',
          ),
        )
        .map((s) => {
          try {
            return encodeURIComponent(s);
          } catch {
            return 'custom%3Ax';
          }
        }),
    ],
    [4, junkSegment],
  );

export const matchSegment: fc.Arbitrary<string> = weighted(
  [6, fc.integer({ min: 1, max: 6 }).map(String)],
  [
    4,
    fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '01',
        '+1',
        '9007199254740993',
        '99999999999999999999999',
        '%31',
        '%20',
        'NaN',
        'Infinity',
      ),
      fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
      fc.double().map(String),
    ),
  ],
  [3, junkSegment],
);

export const handleSegment = (world: World): fc.Arbitrary<string> =>
  weighted(
    [6, fc.constantFrom(...world.a.handles)],
    [3, fc.constantFrom(...world.b.handles)],
    [
      4,
      fc.oneof(
        fc.bigInt({ min: 0n, max: 10n ** 40n }).map((n) => `sub_${n}`),
        fc.constantFrom(
          'sub_',
          'SUB_1',
          'sub_1a',
          'sub_-1',
          'sub_1.0',
          'sub_%31',
          'sub_%00',
          'sub__1',
        ),
      ),
    ],
    [3, junkSegment],
  );

/* ----------------------------------- query values ------------------------------------------ */

const limitValue = fc.oneof(
  fc.integer({ min: 1, max: 200 }).map(String),
  fc.constantFrom(
    '0',
    '201',
    '100000',
    '-1',
    '1.5',
    '1e2',
    '0x10',
    '',
    'abc',
    '%D9%A3',
    '+1',
    '%20',
    '50%00',
    '1,2',
    '9'.repeat(400),
  ),
  fc.double().map((d) => encodeURIComponent(String(d))),
);

/** Cursors: encoded positions of every shape, random base64url, junk. */
const cursorValue = fc.oneof(
  fc.jsonValue().map((v) => encodeCursor({ v } as Record<string, unknown>)),
  fc
    .record(
      {
        pk: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        v: fc.oneof(fc.integer(), fc.double(), fc.constant(Infinity), fc.string()),
        p: fc.oneof(anyText(200), fc.integer()),
        n: fc.oneof(fc.integer(), fc.double(), fc.string()),
      },
      { requiredKeys: [] },
    )
    .map((position) => encodeCursor(position)),
  fc
    .constantFrom(
      '{"__proto__":{"polluted":1},"v":1,"p":"x","n":1,"pk":1}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '[1,2]',
      'null',
      '1',
      '{"v":1e400,"p":"x"}',
      '{"n":-5,"pk":-5}',
      '{"v":9007199254740993,"p":"chat:1"}',
    )
    .map((json) => Buffer.from(json).toString('base64url')),
  fc.base64String({ maxLength: 600 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,600}$/),
  junkSegment,
);

const playerValue = fc.oneof(
  fc.stringMatching(/^\d{17,20}$/),
  fc.stringMatching(/^\d{17,20}$/).map((s) => `chat%3A${s}`),
  anyText().map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return 'x';
    }
  }),
  fc.constantFrom('', 'custom%3A', 'role%3A1', 'team%3A1', '%'),
  junkSegment,
);

const statusValue = fc.oneof(
  fc.constantFrom('pending', 'approved', 'rejected', 'adjusted', 'set'),
  fc.constantFrom('', 'APPROVED', 'queued', 'pending_review', '%00', 'approved%20'),
  junkSegment,
);

type QueryPart = [string, fc.Arbitrary<string>];

/** A query string of some of `parts`, sometimes repeated, plus junk and pollution keys. */
export function queryString(parts: QueryPart[]): fc.Arbitrary<string> {
  const entry = fc.oneof(
    ...parts.map(([name, value]) => value.map((v) => `${name}=${v}`)),
    fc.constantFrom(
      '__proto__=1',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      'x=1',
      '&&',
      '=',
      'limit',
      'cursor=',
      '%=%',
    ),
  );
  return fc
    .array(entry, { maxLength: 4 })
    .map((items) => (items.length ? `?${items.join('&')}` : ''));
}

export const pageQuery = queryString([
  ['limit', limitValue],
  ['cursor', cursorValue],
]);

export const matchQuery = queryString([
  ['limit', limitValue],
  ['cursor', cursorValue],
  ['player', playerValue],
  ['status', statusValue],
]);

/* ----------------------------------- bodies ------------------------------------------------ */

/** How a body is written for the request's target: a match or a score endpoint, and the board's kind if known. */
export interface BodyTarget {
  matchBoard: boolean;
  league: boolean;
  fixedTeams: boolean;
}
export type BodyRecipe = (target: BodyTarget) => string | Buffer;

const snowflake = fc.stringMatching(/^[1-9]\d{16,19}$/);

const participant = (world: World) =>
  weighted<unknown>(
    [
      12,
      fc
        .oneof(fc.constantFrom(...world.a.players.map((p) => p.slice(5))), snowflake)
        .map((chat_id) => ({ chat_id })),
    ],
    [
      3,
      // Any Unicode name: astral characters, lone surrogates, NUL, RTL marks, combining marks.
      fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
          fc.constantFrom(
            'a\ud800',
            '\udfffz',
            '\u0000',
            'x\u202ey',
            'e\u0301',
            '\u{1f3b2}'.repeat(100),
            'ß'.repeat(101),
          ),
        )
        .map((name) => ({ name, custom: true })),
    ],
    [1, fc.constantFrom(...[...world.a.teams, ...world.b.teams].map((team_id) => ({ team_id })))],
    [1, snowflake.map((s) => ({ role_id: `role_${s}` }))],
    [
      2,
      fc.oneof(
        fc.anything(),
        fc.constantFrom(
          { chat_id: '123' },
          { chat_id: 12345678901234 },
          { name: 'x' },
          { name: '', custom: true },
          { name: 'x'.repeat(101), custom: true },
          { name: 'x', custom: 'true' },
          { role_id: '1' },
          { team_id: '1' },
          { team_id: 'team_99999999999999999999' },
          { chat_id: '12345678901234567', extra: 1 },
          '12345678901234567',
          null,
          [],
        ),
      ),
    ],
  );

const roster = (world: World) =>
  weighted(
    [6, participant(world).map((p) => [p])],
    [1, fc.array(participant(world), { minLength: 2, maxLength: 9 })],
  );

const validMatch = (world: World) =>
  fc.record({
    team1: roster(world),
    team2: roster(world),
    teams: fc.constantFrom(world.a.teams, world.a.teams, world.a.teams, world.b.teams),
    winner: fc.constantFrom('team1', 'team2', 'draw'),
    team1_score: fc.integer({ min: 0, max: 20 }),
    team2_score: fc.integer({ min: 0, max: 20 }),
  });

const validScore = (world: World) =>
  fc.record({ player: participant(world), score: fc.integer({ min: -1_000_000, max: 1_000_000 }) });

const JUNK_VALUES: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withBigInt: false }),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    1.5,
    -0,
    1e300,
    'team1 ',
    '',
    '\u0000',
    '\u{1f3b2}',
  ),
);

const SPOILABLE = [
  'team1',
  'team2',
  'winner',
  'team1_score',
  'team2_score',
  'player',
  'score',
  'extra',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

/**
 * A write of the right shape for its target (ELO winner, League scoreline, team ids on a
 * fixed-teams board, or a score); `hostile` sometimes gives the other shape or spoils one field.
 */
export const wellFormedBody = (world: World, hostile: boolean): fc.Arbitrary<BodyRecipe> =>
  fc
    .tuple(
      validMatch(world),
      validScore(world),
      hostile ? weighted([8, fc.constant(false)], [1, fc.constant(true)]) : fc.constant(false),
      hostile
        ? weighted<[string, unknown] | null>(
            [3, fc.constant(null)],
            [1, fc.tuple(fc.constantFrom(...SPOILABLE), JUNK_VALUES)],
          )
        : fc.constant(null),
    )
    .map(
      ([match, score, wrongShape, spoil]) =>
        ({ matchBoard, league, fixedTeams }: BodyTarget) => {
          const teams = fixedTeams && !wrongShape;
          const body: Record<string, unknown> =
            matchBoard !== wrongShape
              ? {
                  team1: teams ? [{ team_id: match.teams[0] }] : match.team1,
                  team2: teams ? [{ team_id: match.teams[1] }] : match.team2,
                  winner: match.winner,
                }
              : { ...score };
          if (matchBoard !== wrongShape && league !== wrongShape) {
            delete body.winner;
            body.team1_score = match.team1_score;
            body.team2_score = match.team2_score;
          }
          if (spoil) {
            const [field, value] = spoil;
            // defineProperty: `body.__proto__ = …` would set the prototype, not an own key.
            Object.defineProperty(body, field, {
              value,
              enumerable: true,
              configurable: true,
              writable: true,
            });
          }
          return JSON.stringify(body);
        },
    );

/** Hostile write bodies: well-formed ones with a twist, random JSON, adversarial text and bytes. */
export const writeBody = (world: World): fc.Arbitrary<BodyRecipe> =>
  weighted<BodyRecipe>(
    [16, wellFormedBody(world, true)],
    [3, fc.json().map((text) => () => text)],
    [
      4,
      fc
        .constantFrom(
          '{"__proto__":{"polluted":true},"player":{"chat_id":"12345678901234567"},"score":1}',
          '{"constructor":{"prototype":{"polluted":true}},"player":{"chat_id":"12345678901234567"},"score":1}',
          '{"player":{"chat_id":"12345678901234567","__proto__":{"custom":true}},"score":1}',
          '{"player":{"name":"x","custom":true,"__proto__":{"polluted":1}},"score":1}',
          '{"team1":[{"chat_id":"12345678901234567"}],"team2":[{"chat_id":"12345678901234568"}],"winner":"team1","winner":"team2"}',
          '{"player":{"chat_id":"12345678901234567"},"score":1,"score":2}',
          '{"player":{"chat_id":"12345678901234567"},"score":1,"player":{"name":"dup","custom":true}}',
          '{"player":{"chat_id":"12345678901234567"},"score":1e400}',
          '{"player":{"chat_id":"12345678901234567"},"score":-1e400}',
          '{"player":{"chat_id":"12345678901234567"},"score":9007199254740992}',
          '{"player":{"chat_id":"12345678901234567"},"score":-9007199254740993}',
          '{"player":{"chat_id":"12345678901234567"},"score":1.0}',
          '{"player":{"chat_id":"12345678901234567"},"score":1.5}',
          '{"player":{"chat_id":"12345678901234567"},"score":-0}',
          '{"player":{"chat_id":"12345678901234567"},"score":1E2}',
          '{"player":{"chat_id":"12345678901234567"},"score":"1"}',
          '{"player":{"chat_id":"12345678901234567"},"score":NaN}',
          '{"player":{"chat_id":"12345678901234567"},"score":0x10}',
          '{"player":{"chat_id":"12345678901234567"},"score":01}',
          '{"team1":[{"team_id":"team_1"}],"team2":[{"team_id":"team_2"}],"team1_score":9007199254740992,"team2_score":0}',
          '\ufeff{"player":{"chat_id":"12345678901234567"},"score":1}',
          '{"player":{"chat_id":"\\ud800"},"score":1}',
          '{"player":{"name":"\\ud800\\udfff\\u0000","custom":true},"score":1}',
          '{"player":{"name":"a","custom":true}} trailing',
          "{'player':1}",
          '{"player":',
          '',
          ' ',
          'null',
          'true',
          '[]',
          '"string"',
          '12',
          '{}',
          '{"":1}',
        )
        .map((text) => () => text),
    ],
    [
      2,
      fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean()).map(
        ([depth, objects]) =>
          () =>
            objects
              ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
              : `${'['.repeat(depth)}${']'.repeat(depth)}`,
      ),
    ],
    [1, fc.uint8Array({ maxLength: 200 }).map((bytes) => () => Buffer.from(bytes))],
    [
      1,
      fc
        .constantFrom(0xc3, 0xff, 0xed)
        .map(
          (byte) => () =>
            Buffer.concat([
              Buffer.from('{"player":{"name":"'),
              Buffer.from([byte]),
              Buffer.from('","custom":true},"score":1}'),
            ]),
        ),
    ],
  );
