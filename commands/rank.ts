import { SlashCommandBuilder, time, TimestampStyles } from 'discord.js';
import { clip, LIMITS, shown } from '../src/bot/text';
import type { Board } from '../entities/board';
import { isMatchBoard } from '../src/domain/board-rules';
import { chatPlayerId } from '../src/domain/ids';
import type { Context } from '../src/pipeline/context';
import { matchesPage, type MatchWithRoster } from '../src/pipeline/match-reads';
import { lastChangeWithoutResult } from '../src/pipeline/profile';
import { entryOf } from '../src/pipeline/standings';
import { formatScore } from '../src/domain/score-text';
import { rankedValue, sideVerb, signedDelta, valueName } from '../src/domain/display';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { refused, reply } from '../src/bot/replies';
import { boardOf } from '../src/bot/workspace';
import { t } from '../src/domain/i18n';

const RECENT = 5;

/** /rank: a player's live rank (the same read as GET …/entries/{player_id}) and recent matches. */
export const rank = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('rank')
        .addStringOption(boardOption)
        .addUserOption((o) => o.setName('player')),
    ),
  ),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const { locale } = interaction;
    const name = shown(board.displayName);
    if (board.type === 'Rating') {
      // A contest ranks entries, not members: a member may have several, or none.
      throw refused(t(null, 'reading.rank.contest', { board: name }), {
        key: 'reading.rank.contest',
        vars: { board: name },
      });
    }
    const player = interaction.options.getUser('player') ?? interaction.user;
    const playerId = chatPlayerId(player.id);
    const entry = await entryOf(ctx, board, playerId);
    if (!entry) {
      await reply(
        interaction,
        { content: t(locale, 'reading.rank.noEntry', { player: `<@${player.id}>`, board: name }) },
        true,
      );
      return;
    }
    const value = formatScore(board.type, rankedValue(board, entry));
    const unit = valueName(board.type, locale);
    const record = isMatchBoard(board)
      ? t(locale, 'reading.rank.record', {
          wins: entry.wins ?? 0,
          draws: entry.draws ?? 0,
          losses: entry.losses ?? 0,
        })
      : t(locale, 'reading.rank.submissions', { count: entry.submissions ?? 0 });
    const recent = isMatchBoard(board) ? await recentMatches(ctx, board, playerId, locale) : [];
    // Changes no result made (decay, a season's reset) are named with their cause, so a player
    // sees why they moved.
    const change = await lastChangeWithoutResult(ctx, board, playerId);
    const moved =
      change?.delta != null
        ? `\n${t(locale, 'reading.rank.moved', {
            delta: signedDelta(change.delta),
            cause: change.cause,
            when: time(change.at, TimestampStyles.RelativeTime),
          })}`
        : '';
    await reply(interaction, {
      embeds: [
        {
          title: clip(
            t(locale, 'reading.onBoard', { player: shown(entry.playerName), board: name }),
            LIMITS.embedTitle,
          ),
          description: `${t(locale, 'reading.rank.line', { rank: entry.rank, unit, value })} · ${record}${moved}`,
          ...(recent.length > 0
            ? {
                fields: [
                  {
                    name: t(locale, 'reading.rank.recent'),
                    value: clip(recent.join('\n'), LIMITS.fieldValue),
                  },
                ],
              }
            : {}),
        },
      ],
    });
  },
} satisfies Command;

async function recentMatches(
  ctx: Context,
  board: Board,
  playerId: string,
  locale: string,
): Promise<string[]> {
  const { matches } = await matchesPage(ctx, board, { player: playerId, limit: RECENT });
  return matches.map((m) => describe(m, playerId, locale));
}

function describe(match: MatchWithRoster, playerId: string, locale: string): string {
  const mine = match.roster.find((slot) => slot.playerId === playerId);
  const others = match.roster.filter((slot) => slot.side !== mine?.side);
  const against = others.map((slot) => shown(slot.playerName)).join(', ');
  const outcome = mine ? sideVerb(match, mine.side, locale) : t(locale, 'reading.rank.played');
  const delta =
    mine?.eloDelta !== null && mine?.eloDelta !== undefined
      ? ` (${signedDelta(mine.eloDelta)})`
      : '';
  const score =
    match.team1Score !== null && match.team2Score !== null
      ? ` ${match.team1Score}–${match.team2Score}`
      : '';
  const when = time(match.submittedAt, TimestampStyles.RelativeTime);
  const status =
    match.status === 'pending' || match.status === 'rejected'
      ? ` · ${t(locale, `reading.status.${match.status}`)}`
      : '';
  return t(locale, 'reading.rank.match', {
    number: match.number,
    outcome,
    score,
    against,
    delta,
    when,
    status,
  });
}
