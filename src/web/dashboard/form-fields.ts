import type { Request } from 'express';
import type { ServerPlace } from '../../pipeline/chat-port';
import { escapeHtml, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { needsBot, type InServer } from './guard';
import { refusal, type DashboardKey, type Words } from './words';

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
  if (!deps.directory) throw needsBot(member.w);
  const places = await deps.directory[kind](member.server.guildId);
  if (!places.some((p) => p.id === raw)) {
    throw refusal(member.w, 'invalid_request', 'form.notThisServers', (w) => ({
      kind: w.t(kind === 'channels' ? 'form.channel' : 'form.role'),
      server: member.server.guildName,
    }));
  }
  return raw;
}

/** A whole number typed in a field, or undefined if empty; `name` is the field's (fields.*). */
export const whole = (
  w: Words,
  raw: string | undefined,
  name: DashboardKey | ((words: Words) => string),
): number | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) {
    const named = typeof name === 'string' ? (words: Words) => words.t(name) : name;
    throw refusal(w, 'invalid_request', 'form.wholeNumber', (words) => ({ name: named(words) }));
  }
  return Number(raw.trim());
};

function options(
  w: Words,
  places: ServerPlace[] | null,
  current: string | null,
  none: string,
): Html {
  const list = places ?? (current ? [{ id: current, name: current }] : []);
  const known = list.some((p) => p.id === current);
  const extra =
    current && !known ? [{ id: current, name: w.t('form.notFound', { id: current }) }] : [];
  return [
    `<option value="">${escapeHtml(none)}</option>`,
    ...[...list, ...extra].map(
      (p) =>
        `<option value="${escapeHtml(p.id)}"${p.id === current ? ' selected' : ''}>${escapeHtml(p.name)}</option>`,
    ),
  ].join('');
}

export function picker(
  w: Words,
  name: string,
  label: string,
  places: ServerPlace[] | null,
  current: string | null,
  none: string,
): Html {
  if (places === null) {
    // Without the bot nothing can say which ids are this server's: shown, not changed here.
    return `<p>${w.m('form.needsBotHtml', { label, current: escapeHtml(current ?? none) })}</p>`;
  }
  return `<label>${label} <select name="${name}">${options(w, places, current, none)}</select></label>`;
}
