import { correctionSummary, type CorrectionOutcome } from '../pipeline/corrections';

/**
 * `tally review correct|remove` (issue 15 item 2): what the correction did, as lines for a
 * person and as JSON for scripts (stable keys; values are the ranking values: rating, points,
 * score or milliseconds).
 */
export function correctionText(outcome: CorrectionOutcome): string {
  const { headline, moves } = correctionSummary(outcome);
  const handle = outcome.handle ? ` (${outcome.handle})` : '';
  return [`${headline} on ${outcome.board.id}${handle}.`, ...moves.map((m) => `  ${m}`)].join('\n');
}

export function correctionJson(outcome: CorrectionOutcome) {
  return {
    board: outcome.board.id,
    kind: outcome.kind,
    handle: outcome.handle,
    action: outcome.action,
    before: outcome.before,
    after: outcome.after,
    changes: outcome.changes.map((c) => ({
      player_id: c.playerId,
      player_name: c.name,
      before: c.before,
      after: c.after,
    })),
  };
}
