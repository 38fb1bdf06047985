import type { Request } from 'express';
import { TallyError } from '../../domain/errors';
import type { ServerPlace } from '../../pipeline/chat-port';
import { escapeHtml, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { needsBot, type InServer } from './guard';

/** The settings forms' fields, read and drawn: whole numbers, and channel and role pickers. */

export type Form = Record<string, string | undefined>;
export const formOf = (req: Request): Form => (req.body ?? {}) as Form;

/** A picked channel or role must be one of this server's: a form can post any id. */
export async function placeOf(
  deps: DashboardDeps,
  member: InServer,
  kind: 'channels' | 'roles',
  raw: string | undefined,
): Promise<string | null | undefined> {
  if (raw === undefined) return undefined; // not on the form: unchanged
  if (raw === '') return null;
  if (!deps.directory) throw needsBot();
  const places = await deps.directory[kind](member.server.guildId);
  if (!places.some((p) => p.id === raw)) {
    throw new TallyError(
      'invalid_request',
      `that ${kind === 'channels' ? 'channel' : 'role'} is not one of ${member.server.guildName}'s`,
    );
  }
  return raw;
}

export const whole = (raw: string | undefined, name: string): number | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim()))
    throw new TallyError('invalid_request', `${name} must be a whole number`);
  return Number(raw.trim());
};

function options(places: ServerPlace[] | null, current: string | null, none: string): Html {
  const list = places ?? (current ? [{ id: current, name: current }] : []);
  const known = list.some((p) => p.id === current);
  const extra = current && !known ? [{ id: current, name: `${current} (not found)` }] : [];
  return [
    `<option value="">${escapeHtml(none)}</option>`,
    ...[...list, ...extra].map(
      (p) =>
        `<option value="${escapeHtml(p.id)}"${p.id === current ? ' selected' : ''}>${escapeHtml(p.name)}</option>`,
    ),
  ].join('');
}

export function picker(
  name: string,
  label: string,
  places: ServerPlace[] | null,
  current: string | null,
  none: string,
): Html {
  if (places === null) {
    // Without the bot nothing can say which ids are this server's: shown, not changed here.
    return `<p>${label}: ${current ? escapeHtml(current) : escapeHtml(none)}<br><span class="hint">Changing it here needs Tally's bot (DISCORD_TOKEN); use the slash command in Discord.</span></p>`;
  }
  return `<label>${label} <select name="${name}">${options(places, current, none)}</select></label>`;
}
