import { InitialSchema1732300000000 } from './1732300000000-initial-schema';
import { RankCountsAndQueueIndex1732400000000 } from './1732400000000-rank-counts-and-queue-index';
import { ReviewMessages1732500000000 } from './1732500000000-review-messages';
import { CoveringEntriesIndex1732600000000 } from './1732600000000-covering-entries-index';
import { ReviewBlocks1732700000000 } from './1732700000000-review-blocks';
import { Schedules1732800000000 } from './1732800000000-schedules';
import { Decay1732900000000 } from './1732900000000-decay';
import { LiveStandings1733000000000 } from './1733000000000-live-standings';
import { Seasons1733100000000 } from './1733100000000-seasons';
import { RankRoles1733200000000 } from './1733200000000-rank-roles';
import { EntryHistory1733300000000 } from './1733300000000-entry-history';
import { Corrections1733400000000 } from './1733400000000-corrections';
import { Audit1733500000000 } from './1733500000000-audit';
import { EvidenceAndReasons1733600000000 } from './1733600000000-evidence-and-reasons';
import { OpponentConfirmation1733700000000 } from './1733700000000-opponent-confirmation';
import { DiscordLeases1733850000000 } from './1733850000000-discord-leases';
import { RankRoleHolders1733860000000 } from './1733860000000-rank-role-holders';
import { Contests1733900000000 } from './1733900000000-contests';
import { WebSessions1734000000000 } from './1734000000000-web-sessions';
import { PrivateBoards1734100000000 } from './1734100000000-private-boards';
import { BoardDisplay1734200000000 } from './1734200000000-board-display';
import { Avatars1734300000000 } from './1734300000000-avatars';
import { Queues1734400000000 } from './1734400000000-queues';
import { BoardVersions1734500000000 } from './1734500000000-board-versions';
import { EvidencePreviews1734600000000 } from './1734600000000-evidence-previews';
import { ServerLanguage1734700000000 } from './1734700000000-server-language';

/** An explicit list: no file-system scanning, so tsx, vitest and the CLI load the same set. */
export const migrations = [
  InitialSchema1732300000000,
  RankCountsAndQueueIndex1732400000000,
  ReviewMessages1732500000000,
  CoveringEntriesIndex1732600000000,
  ReviewBlocks1732700000000,
  Schedules1732800000000,
  Decay1732900000000,
  LiveStandings1733000000000,
  Seasons1733100000000,
  RankRoles1733200000000,
  EntryHistory1733300000000,
  Corrections1733400000000,
  Audit1733500000000,
  EvidenceAndReasons1733600000000,
  OpponentConfirmation1733700000000,
  DiscordLeases1733850000000,
  RankRoleHolders1733860000000,
  Contests1733900000000,
  WebSessions1734000000000,
  PrivateBoards1734100000000,
  BoardDisplay1734200000000,
  Avatars1734300000000,
  Queues1734400000000,
  BoardVersions1734500000000,
  EvidencePreviews1734600000000,
  ServerLanguage1734700000000,
];
