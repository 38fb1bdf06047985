import { EntitySchema } from 'typeorm';
import type { Board } from '../src/domain/board';
import { col } from './columns';

/** A board as stored; the shape is the domain's (src/domain/board.ts). */
export type { Board };

/**
 * The row also carries `version`, which moves on with every change to what the board's entries
 * pages show (migrations/1734500000000-board-versions.ts); only the store's fixed SQL reads or
 * moves it, so entity reads leave it out.
 */
export const BoardEntity = new EntitySchema<Board & { version: number }>({
  name: 'Board',
  tableName: 'boards',
  columns: {
    pk: col.id(),
    ownerId: { ...col.text(40), name: 'owner_id' },
    id: { ...col.text(100), name: 'public_id' },
    displayName: { ...col.text(100), name: 'display_name' },
    type: col.text(10),
    sort: col.text(4),
    teamSize: { ...col.int(), name: 'team_size' },
    fixedTeams: { ...col.bool(), name: 'fixed_teams' },
    freeForAll: { ...col.bool(), name: 'free_for_all' },
    validationWindowHours: { ...col.int(), name: 'validation_window_hours' },
    kFactor: { ...col.int(true), name: 'k_factor' },
    startRating: { ...col.int(true), name: 'start_rating' },
    pointsWin: { ...col.int(true), name: 'points_win' },
    pointsDraw: { ...col.int(true), name: 'points_draw' },
    pointsLoss: { ...col.int(true), name: 'points_loss' },
    moderatorChannelId: { ...col.text(20, true), name: 'moderator_channel_id' },
    moderatorRoleId: { ...col.text(20, true), name: 'moderator_role_id' },
    evidenceRequired: { ...col.bool(), name: 'evidence_required', default: false },
    reviewMode: { ...col.text(10), name: 'review_mode', default: 'moderators' },
    confirmWindowHours: { ...col.int(), name: 'confirm_window_hours', default: 24 },
    confirmOnSilence: { ...col.text(8), name: 'confirm_on_silence', default: 'confirm' },
    private: { ...col.bool(), default: false },
    medals: { ...col.bool(), default: true },
    standingsSize: { ...col.int(), name: 'standings_size', default: 10 },
    showRecord: { ...col.bool(), name: 'show_record', default: true },
    showSubmissions: { ...col.bool(), name: 'show_submissions', default: true },
    createdAt: { ...col.time(), name: 'created_at' },
    version: { ...col.bigint(), default: 0, select: false },
  },
});
