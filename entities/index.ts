import { ApiKeyEntity } from './api-key';
import { AuditChannelEntity, AuditEventEntity } from './audit';
import { BoardEntity } from './board';
import {
  ContestEntryEntity,
  ContestReportEntity,
  ContestSettingsEntity,
  ContestVoteEntity,
  ImageEntity,
} from './contest';
import { CorrectionEntity } from './correction';
import { EntryEntity } from './entry';
import { EvidencePreviewEntity } from './evidence-preview';
import { IdempotencyRecordEntity } from './idempotency-record';
import { MatchEntity } from './match';
import { MemberAvatarEntity } from './member-avatar';
import { MatchParticipantEntity } from './match-participant';
import { OwnerEntity } from './owner';
import { QueueEntity, QueueMatchEntity, QueuePlayerEntity, QueueWaitEntity } from './queue';
import { ReviewBlockEntity } from './review-block';
import { ScheduledJobEntity } from './schedule';
import { DecayRuleEntity } from './decay-rule';
import { EntryHistoryEntity } from './entry-history';
import { LiveStandingsEntity } from './live-standings';
import { ScoreEntity } from './score';
import { RankRoleEntity, RankRoleGrantEntity, RankRoleSettingsEntity } from './rank-role';
import { SeasonEntity, SeasonStandingEntity } from './season';
import { SubmissionEntity } from './submission';
import { TeamEntity } from './team';
import { WebSessionEntity, WebSignInEntity } from './web-session';

export const entities = [
  OwnerEntity,
  ApiKeyEntity,
  BoardEntity,
  TeamEntity,
  EntryEntity,
  MatchEntity,
  MatchParticipantEntity,
  ScoreEntity,
  SubmissionEntity,
  IdempotencyRecordEntity,
  ReviewBlockEntity,
  ScheduledJobEntity,
  DecayRuleEntity,
  EntryHistoryEntity,
  CorrectionEntity,
  AuditChannelEntity,
  AuditEventEntity,
  LiveStandingsEntity,
  SeasonEntity,
  SeasonStandingEntity,
  RankRoleEntity,
  RankRoleSettingsEntity,
  RankRoleGrantEntity,
  ContestSettingsEntity,
  ContestEntryEntity,
  ContestVoteEntity,
  ContestReportEntity,
  ImageEntity,
  WebSessionEntity,
  WebSignInEntity,
  MemberAvatarEntity,
  QueueEntity,
  QueueWaitEntity,
  QueueMatchEntity,
  QueuePlayerEntity,
  EvidencePreviewEntity,
];
