import type { Board } from '../entities/board';
import { invalid } from './shared';

/**
 * Participants as typed in chat: member mentions (`<@123>`), role mentions (`<@&123>`) and, on
 * fixed-teams boards, team ids (`team_4`) or team names. Returns the API's participant objects.
 */
export function parseParticipants(
  text: string,
  board: Pick<Board, 'fixedTeams'>,
  teams: { pk: number; name: string }[],
  field: string,
): Record<string, unknown>[] {
  const trimmed = text.trim();
  if (board.fixedTeams) return [team(trimmed, teams, field)];
  const tokens = trimmed.split(/[\s,]+/).filter((t) => t !== '');
  if (tokens.length === 0) throw invalid(`${field}: mention at least one member`);
  return tokens.map((token) => {
    const member = /^<@!?(\d{17,20})>$/.exec(token) ?? /^(\d{17,20})$/.exec(token);
    if (member?.[1]) return { chat_id: member[1] };
    const role = /^<@&(\d{17,20})>$/.exec(token);
    if (role?.[1]) return { role_id: `role_${role[1]}` };
    throw invalid(`${field}: "${token}" is not a member or role mention`);
  });
}

function team(text: string, teams: { pk: number; name: string }[], field: string) {
  const byId = /^team_(\d+)$/.exec(text);
  const found = byId
    ? teams.find((t) => t.pk === Number(byId[1]))
    : teams.find((t) => t.name.toLowerCase() === text.toLowerCase());
  if (!found) throw invalid(`${field}: "${text}" is not a team of this board (see /team list)`);
  return { team_id: `team_${found.pk}` };
}
