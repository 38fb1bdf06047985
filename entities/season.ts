import { EntitySchema } from 'typeorm';
import type { Season, SeasonStanding } from '../src/domain/season';
import { col } from './columns';

/** A board's season as stored; the shape is the domain's (src/domain/season.ts). */
export type { Season, SeasonStanding };

export const SeasonEntity = new EntitySchema<Season>({
  name: 'Season',
  tableName: 'seasons',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    number: col.int(),
    name: col.text(100),
    startedAt: { ...col.time(), name: 'started_at' },
    endsAt: { ...col.time(true), name: 'ends_at' },
    endedAt: { ...col.time(true), name: 'ended_at' },
    reset: col.text(4),
    softPercent: { ...col.int(), name: 'soft_percent' },
    channelId: { ...col.text(20, true), name: 'channel_id' },
    topN: { ...col.int(), name: 'top_n' },
    repeat: { ...col.bool(), name: 'repeats' },
  },
});

/** The final standings of an ended season: written once when it closes, never changed. */
export const SeasonStandingEntity = new EntitySchema<SeasonStanding>({
  name: 'SeasonStanding',
  tableName: 'season_standings',
  columns: {
    seasonPk: { type: 'int', primary: true, name: 'season_pk' },
    playerId: { ...col.text(160), primary: true, name: 'player_id' },
    playerName: { ...col.text(100), name: 'player_name' },
    rank: { ...col.int(), name: 'final_rank' },
    value: col.bigint(true),
    wins: col.int(true),
    draws: col.int(true),
    losses: col.int(true),
    submissions: col.int(true),
  },
});
