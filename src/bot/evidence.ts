import type { ChatInputCommandInteraction } from 'discord.js';
import type { Board } from '../../entities/board';
import {
  evidenceFile,
  evidenceLink,
  hasEvidence,
  NO_EVIDENCE,
  type Evidence,
} from '../domain/evidence';
import { invalidSaid } from '../domain/errors';
import { shown } from './text';

/**
 * The report's evidence, checked before anything is queued: a refusal is ephemeral and says
 * what to give. A board that requires evidence refuses a report with neither (README).
 */
export function evidenceOf(interaction: ChatInputCommandInteraction, board: Board): Evidence {
  const file = interaction.options.getAttachment('evidence');
  const link = interaction.options.getString('evidence_link');
  const evidence: Evidence = {
    ...NO_EVIDENCE,
    ...(link !== null ? { link: evidenceLink(link) } : {}),
    ...(file
      ? evidenceFile({ url: file.url, contentType: file.contentType, width: file.width })
      : {}),
  };
  if (board.evidenceRequired && !hasEvidence(evidence)) {
    const vars = { board: `**${shown(board.displayName)}**` };
    throw invalidSaid('review.submit.evidenceRequired', vars);
  }
  return evidence;
}
