import { snowflake, type FakeGuild, type FakeMember, type FakeRole } from './fake-discord';

/**
 * The people and places of the bot tests: one builder, so a file says only what is its own.
 *
 * `cast()` makes a server with fresh snowflakes on every call (no two files, describes or worlds
 * share an id) holding the usual cast:
 *
 * | who / what      | is                                                      | shown in chat as |
 * | --------------- | ------------------------------------------------------- | ---------------- |
 * | `alice`         | nickname Ali, global name Alice G                       | Ali              |
 * | `bob`           | global name Bobby                                       | Bobby            |
 * | `carol`         | neither                                                 | carol            |
 * | `mod`           | holds the Referees role                                 | mod              |
 * | `admin`         | a manager: tests press with MANAGE_SERVER as `admin`    | admin            |
 * | `visitor`       | no role: every moderator's action is refused to them    | visitor          |
 * | `general`       | #general, where members run commands (`inGeneral`)      |                  |
 * | `modQueue`      | #mod-queue, a board's moderator channel                 |                  |
 * | `referees`      | @Referees, a board's moderator role                     |                  |
 * | `server`        | the server itself: Arena, owned by the bot              |                  |
 *
 * A file adds what is specific to it, by name: channels (`channels.lobby`), roles with their
 * place in the hierarchy when it matters (`roles.Gold`), people (`people.dave`; one of the usual
 * six named there gets the extra options too, e.g. a role), the server's name, id (a shard's)
 * and owner:
 *
 *   const { server, alice, bob, admin, channels } = cast({ channels: ['lobby'] });
 *   const { server, people } = cast({
 *     roles: { Tally: { position: 10, permissions: MANAGE_ROLES, managed: true }, Regular: {} },
 *     members: { owner: {}, alice: { roles: ['Regular'] } },
 *     owner: 'owner',
 *   });
 *
 * Another server is another `cast()` (fresh people too); people who are on two servers at once
 * go into a `guild()` by hand. Someone who joins mid-test is a `member()`. Beside the builders,
 * the small helpers every bot file wrote for itself: `chat(m)` (a participant of an API write),
 * `submissionId(handle)` and `handleIn(text)`.
 */

export interface FakeChannel {
  id: string;
  name: string;
}

/** A person with a fresh id; `extra` sets nickname, global name, roles (ids) or bot. */
export const member = (
  username: string,
  extra: Omit<Partial<FakeMember>, 'id' | 'username'> = {},
): FakeMember => ({ id: snowflake(), username, ...extra });
/** A channel with a fresh id. */
export const channel = (name: string): FakeChannel => ({ id: snowflake(), name });
/** A role with a fresh id: a plain one (position 1, no permissions) unless `extra` says. */
export const role = (name: string, extra: Omit<Partial<FakeRole>, 'id' | 'name'> = {}) =>
  ({ id: snowflake(), name, ...extra }) satisfies FakeRole;
/** A server with a fresh id, named Arena unless `parts` says otherwise. */
export const guild = (parts: Partial<FakeGuild> = {}): FakeGuild => ({
  id: snowflake(),
  name: 'Arena',
  channels: [],
  roles: [],
  members: [],
  ...parts,
});

/** A member as a participant of an API write. */
export const chat = (m: FakeMember) => ({ chat_id: m.id });
/** The submission id a handle names (`sub_12` → 12), for the repositories. */
export const submissionId = (handle: string) => Number(handle.slice('sub_'.length));
/** The first handle in a reply's text, or '' if it names none. */
export const handleIn = (text: string) => /sub_\d+/.exec(text)?.[0] ?? '';

/** What sets a person apart; roles by name: `Referees` or one of the cast's own. */
export interface MemberOptions<R extends string> {
  nick?: string;
  globalName?: string;
  bot?: boolean;
  roles?: readonly (R | 'Referees')[];
}
export type RoleOptions = Omit<FakeRole, 'id' | 'name'>;

const isList = (x: unknown): x is readonly string[] => Array.isArray(x);

const USUAL = {
  alice: { nick: 'Ali', globalName: 'Alice G' },
  bob: { globalName: 'Bobby' },
  carol: {},
  mod: { roles: ['Referees'] },
  admin: {},
  visitor: {},
} satisfies Record<string, MemberOptions<never>>;
type Usual = keyof typeof USUAL;

export interface CastOptions<C extends string, R extends string, M extends string> {
  /** The server's name (default Arena). */
  name?: string;
  /** The server's id, when it matters (a server on a given gateway shard). */
  id?: string;
  /** Channels beside #general and #mod-queue. */
  channels?: readonly C[];
  /** Roles beside @Referees: names (plain roles) or each with its place and permissions. */
  roles?: readonly R[] | Readonly<Record<R, RoleOptions>>;
  /** People beside the usual six, by username; one of the six named here gets these too. */
  members?: Readonly<Record<M, MemberOptions<NoInfer<R>>>>;
  /** Who owns the server, by username (default: the bot, as the fake takes it). */
  owner?: NoInfer<Usual | M>;
}

export type Cast<C extends string, R extends string, M extends string> = Record<
  Usual,
  FakeMember
> & {
  server: FakeGuild;
  general: FakeChannel;
  modQueue: FakeChannel;
  referees: FakeRole;
  channels: Record<C, FakeChannel>;
  roles: Record<R, FakeRole>;
  people: Record<M, FakeMember>;
  /** Where a member runs a command: #general, as `user`, with these permission bits. */
  inGeneral(
    user: FakeMember,
    permissions?: string,
  ): { channelId: string; user: FakeMember; permissions: string };
};

/** A fresh server with the usual cast and the extras named (see the header). */
export function cast<C extends string = never, R extends string = never, M extends string = never>(
  options: CastOptions<C, R, M> = {},
): Cast<C, R, M> {
  const general = channel('general');
  const modQueue = channel('mod-queue');
  const referees = role('Referees');
  const extraChannels = (options.channels ?? []).map((name) => [name, channel(name)] as const);
  const given: readonly string[] | Readonly<Record<string, RoleOptions>> = options.roles ?? {};
  const roleOptions: Record<string, RoleOptions> = isList(given)
    ? Object.fromEntries(given.map((name) => [name, {}]))
    : { ...given };
  const extraRoles = Object.entries(roleOptions).map(
    ([name, extra]) => [name, role(name, extra)] as const,
  );
  const roleIds = new Map<string, string>([
    ['Referees', referees.id],
    ...extraRoles.map(([name, r]) => [name, r.id] as const),
  ]);
  const person = (username: string, ...parts: MemberOptions<string>[]) => {
    const names = parts.flatMap((p) => p.roles ?? []);
    const roles = names.map((name) => {
      const id = roleIds.get(name);
      if (!id) throw new Error(`cast: ${username} holds ${name}, which is not a role of the cast`);
      return id;
    });
    const extra: Omit<Partial<FakeMember>, 'id' | 'username'> = Object.assign({}, ...parts);
    delete extra.roles;
    return member(username, roles.length > 0 ? { ...extra, roles } : extra);
  };
  const extraPeople: Record<string, MemberOptions<string>> = options.members ?? {};
  const usual = Object.fromEntries(
    Object.entries<MemberOptions<string>>(USUAL).map(([name, base]) => [
      name,
      person(name, base, extraPeople[name] ?? {}),
    ]),
  ) as Record<Usual, FakeMember>;
  const others = Object.entries(extraPeople)
    .filter(([name]) => !(name in USUAL))
    .map(([name, extra]) => [name, person(name, extra)] as const);
  const everyone: Record<string, FakeMember> = { ...usual, ...Object.fromEntries(others) };
  const owner = options.owner === undefined ? undefined : everyone[options.owner];
  const server = guild({
    ...(options.id ? { id: options.id } : {}),
    name: options.name ?? 'Arena',
    channels: [general, modQueue, ...extraChannels.map(([, c]) => c)],
    roles: [referees, ...extraRoles.map(([, r]) => r)],
    members: [...Object.values(usual), ...others.map(([, m]) => m)],
    ...(owner ? { ownerId: owner.id } : {}),
  });
  return {
    ...usual,
    server,
    general,
    modQueue,
    referees,
    channels: Object.fromEntries(extraChannels) as Record<C, FakeChannel>,
    roles: Object.fromEntries(extraRoles) as Record<R, FakeRole>,
    people: Object.fromEntries(
      Object.keys(extraPeople).map((name) => [name, everyone[name]!]),
    ) as Record<M, FakeMember>,
    inGeneral: (user, permissions = '0') => ({ channelId: general.id, user, permissions }),
  };
}
