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
import { invalid, reply } from '../src/bot/replies';
import { boardOf } from '../src/bot/workspace';

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
    if (board.type === 'Rating') {
      // A contest ranks entries, not members: a member may have several, or none.
      throw invalid(
        `**${shown(board.displayName)}** is an image contest: its entries are ranked, not members. \`/leaderboard\` shows the ranking and \`/profile\` a member's entries.`,
      );
    }
    const player = interaction.options.getUser('player') ?? interaction.user;
    const playerId = chatPlayerId(player.id);
    const entry = await entryOf(ctx, board, playerId);
    if (!entry) {
      await reply(
        interaction,
        { content: `<@${player.id}> has no entry on **${shown(board.displayName)}** yet.` },
        true,
      );
      return;
    }
    const value = formatScore(board.type, rankedValue(board, entry));
    const unit = valueName(board.type);
    const record = isMatchBoard(board)
      ? ` · ${entry.wins ?? 0} won, ${entry.draws ?? 0} drawn, ${entry.losses ?? 0} lost`
      : ` · ${entry.submissions ?? 0} submissions`;
    const recent = isMatchBoard(board) ? await recentMatches(ctx, board, playerId) : [];
    // Changes no result made (decay, a season's reset) are named with their cause, so a player
    // sees why they moved.
    const change = await lastChangeWithoutResult(ctx, board, playerId);
    const moved =
      change?.delta != null
        ? `\nLast change without a result: ${signedDelta(change.delta)} (${change.cause}) ${time(change.at, TimestampStyles.RelativeTime)}`
        : '';
    await reply(interaction, {
      embeds: [
        {
          title: clip(
            `${shown(entry.playerName)} on ${shown(board.displayName)}`,
            LIMITS.embedTitle,
          ),
          description: `Rank **#${entry.rank}** · ${unit} **${value}**${record}${moved}`,
          ...(recent.length > 0
            ? {
                fields: [
                  { name: 'Recent matches', value: clip(recent.join('\n'), LIMITS.fieldValue) },
                ],
              }
            : {}),
        },
      ],
    });
  },
} satisfies Command;

async function recentMatches(ctx: Context, board: Board, playerId: string): Promise<string[]> {
  const { matches } = await matchesPage(ctx, board, { player: playerId, limit: RECENT });
  return matches.map((m) => describe(m, playerId));
}

function describe(match: MatchWithRoster, playerId: string): string {
  const mine = match.roster.find((slot) => slot.playerId === playerId);
  const others = match.roster.filter((slot) => slot.side !== mine?.side);
  const against = others.map((slot) => shown(slot.playerName)).join(', ');
  const outcome = mine ? sideVerb(match, mine.side) : 'played';
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
    match.status === 'pending' || match.status === 'rejected' ? ` · ${match.status}` : '';
  return `#${match.number} ${outcome}${score} vs ${against}${delta} ${when}${status}`;
}
