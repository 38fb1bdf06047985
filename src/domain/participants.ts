import { TallyError } from './errors';
import type { OwnerKind } from './ids';

/** A participant as the pipeline carries it: its wire id (spec 2.1) and, for custom players, a name. */
export type ParticipantRef =
  | { kind: 'chat'; id: `chat:${string}`; snowflake: string }
  | { kind: 'custom'; id: `custom:${string}`; name: string }
  | { kind: 'role'; id: `role:${string}`; snowflake: string }
  | { kind: 'team'; id: `team:${string}`; teamPk: number };

export interface BoardShape {
  ownerKind: OwnerKind;
  fixedTeams: boolean;
}

const unknownPlayer = (path: string, why: string) =>
  new TallyError('unknown_player', `${path}: ${why}`);
const invalid = (path: string, why: string) => new TallyError('invalid_request', `${path}: ${why}`);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const LONE_SURROGATE = /\p{Cs}/u;

const FORMS = 'one of {"chat_id"}, {"name","custom":true}, {"role_id"} or {"team_id"}';

/** spec 2.9: exactly one of four object forms; every other shape is unknown_player. */
export function parseParticipant(value: unknown, path: string): ParticipantRef {
  if (!isPlainObject(value)) throw unknownPlayer(path, `a participant is an object, ${FORMS}`);
  const keys = Object.keys(value).sort().join(',');
  switch (keys) {
    case 'chat_id': {
      const id = value.chat_id;
      if (typeof id !== 'string' || !/^\d{17,20}$/.test(id)) {
        throw invalid(`${path}.chat_id`, 'must be a chat-platform member id of 17–20 digits');
      }
      return { kind: 'chat', id: `chat:${id}`, snowflake: id };
    }
    case 'custom,name': {
      if (value.custom !== true) throw unknownPlayer(path, 'a custom player needs "custom": true');
      const name = value.name;
      if (typeof name !== 'string' || [...name].length < 1 || [...name].length > 100) {
        throw invalid(`${path}.name`, 'must be a string of 1–100 characters');
      }
      // A lone surrogate cannot be stored as UTF-8: SQLite and MariaDB would each turn it into
      // something else, silently renaming the player or merging it with another one.
      if (LONE_SURROGATE.test(name)) {
        throw invalid(
          `${path}.name`,
          'must be well-formed Unicode (a lone surrogate is not a character)',
        );
      }
      return { kind: 'custom', id: `custom:${name}`, name };
    }
    case 'role_id': {
      const match =
        typeof value.role_id === 'string' ? /^role_(\d{1,20})$/.exec(value.role_id) : null;
      if (!match?.[1]) throw invalid(`${path}.role_id`, 'must look like role_<id>');
      return { kind: 'role', id: `role:${match[1]}`, snowflake: match[1] };
    }
    case 'team_id': {
      const match =
        typeof value.team_id === 'string' ? /^team_(\d{1,15})$/.exec(value.team_id) : null;
      if (!match?.[1]) throw invalid(`${path}.team_id`, 'must look like team_<id>');
      return { kind: 'team', id: `team:${match[1]}`, teamPk: Number(match[1]) };
    }
    default:
      throw unknownPlayer(path, `not a participant form; use ${FORMS}`);
  }
}

/** spec 4.8 rule 4: which forms a board can accept. */
export function checkAccepted(ref: ParticipantRef, board: BoardShape, path: string): void {
  if (board.fixedTeams && ref.kind !== 'team') {
    throw unknownPlayer(path, 'this fixed-teams board takes team participants ({"team_id"}) only');
  }
  if (!board.fixedTeams && ref.kind === 'team') {
    throw unknownPlayer(path, 'this board has no fixed teams; team participants are refused');
  }
  if (ref.kind === 'role' && board.ownerKind === 'user') {
    throw unknownPlayer(
      path,
      'role participants exist on server boards only, not in a personal workspace',
    );
  }
}

/** spec 4.8 rule 5: the resolved entity; a role whose suffix is a member's snowflake is that member. */
export function entityOf(ref: ParticipantRef): string {
  return ref.kind === 'role' ? `chat:${ref.snowflake}` : ref.id;
}
