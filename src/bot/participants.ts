import type { ChatInputCommandInteraction } from 'discord.js';
import type { Board } from '../../entities/board';
import type { TextKey, TextVars } from '../domain/i18n';
import { invalidSaid } from '../domain/errors';
import { echo } from './text';

/**
 * Participants as typed in chat: member mentions (`<@123>`), role mentions (`<@&123>`) and, on
 * fixed-teams boards, team ids (`team_4`) or team names. Returns the API's participant objects.
 * @everyone (typed, or as the server's own role, whose id is the server's) is never a player.
 */
export function parseParticipants(
  text: string,
  board: Pick<Board, 'fixedTeams'>,
  teams: { pk: number; name: string }[],
  field: string,
  guildId: string | null,
): Record<string, unknown>[] {
  const trimmed = text.trim();
  if (board.fixedTeams) return [team(trimmed, teams, field)];
  const tokens = trimmed.split(/[\s,]+/).filter((t) => t !== '');
  if (tokens.length === 0) {
    throw refused('atLeastOne', { field });
  }
  return tokens.map((token) => {
    const member = /^<@!?(\d{17,20})>$/.exec(token) ?? /^(\d{17,20})$/.exec(token);
    if (member?.[1]) return { chat_id: member[1] };
    const role = /^<@&(\d{17,20})>$/.exec(token);
    if (token === '@everyone' || token === '@here' || (role && role[1] === guildId)) {
      throw refused('everyone', { field });
    }
    if (role?.[1]) return { role_id: `role_${role[1]}` };
    throw refused('notMention', {
      field,
      token: echo(token),
    });
  });
}

function team(text: string, teams: { pk: number; name: string }[], field: string) {
  const byId = /^team_(\d+)$/.exec(text);
  const found = byId
    ? teams.find((t) => t.pk === Number(byId[1]))
    : teams.find((t) => t.name.toLowerCase() === text.toLowerCase());
  if (!found) {
    throw refused('notTeam', {
      field,
      team: echo(text),
    });
  }
  return { team_id: `team_${found.pk}` };
}

/**
 * Bots are not players: the Tally bot itself or any other bot named as a participant is refused
 * before anything is queued. Each person is looked up once (discord.js caches users), all at
 * once; past two full sides the write is refused for its size anyway, so nothing is looked up
 * and a flood of mentions costs Discord nothing.
 */
export async function refuseBots(
  interaction: ChatInputCommandInteraction,
  participants: Record<string, unknown>[],
): Promise<void> {
  const ids = [
    ...new Set(participants.map((p) => p.chat_id).filter((id) => typeof id === 'string')),
  ] as string[];
  const bot = ids.find((id) => id === interaction.client.user.id);
  if (bot) throw notAPlayer(bot);
  if (ids.length > MAX_LOOKUPS) return;
  const users = await Promise.all(
    ids.map(
      (id) =>
        interaction.options.resolved?.users?.get(id) ??
        interaction.client.users.fetch(id).catch(() => null),
    ),
  );
  const found = users.find((user) => user?.bot);
  if (found) throw notAPlayer(found.id);
}

/** Two sides of the largest team size (8). */
const MAX_LOOKUPS = 16;

const notAPlayer = (id: string) => refused('bot', { id });

/** A refusal of what was typed, in the member's language when chat answers it (issue 32). */
const refused = (name: ParticipantRefusal, vars: TextVars) =>
  invalidSaid(`play.participants.${name}`, vars);
type ParticipantRefusal = KeyUnder<TextKey, 'play.participants.'>;
type KeyUnder<K, P extends string> = K extends `${P}${infer Name}` ? Name : never;
