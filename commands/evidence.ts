import type { ChatInputCommandInteraction, SlashCommandStringOption } from 'discord.js';
import type { Board } from '../entities/board';
import {
  EVIDENCE_LINK_MAX,
  evidenceFile,
  evidenceLink,
  hasEvidence,
  NO_EVIDENCE,
  type Evidence,
} from '../src/domain/evidence';
import { shown } from '../src/bot/text';
import { invalid } from './shared';

/** The `evidence_link` option of /match report and /score submit (beside `evidence`, a file). */
export const evidenceLinkOption = (o: SlashCommandStringOption) =>
  o
    .setName('evidence_link')
    .setDescription('A link to evidence, e.g. a video (http or https)')
    .setMaxLength(EVIDENCE_LINK_MAX);

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
    throw invalid(
      `**${shown(board.displayName)}** needs evidence with every report: attach a screenshot with the \`evidence\` option, or give a link (a video, for instance) with \`evidence_link\`. Nothing was submitted.`,
    );
  }
  return evidence;
}
