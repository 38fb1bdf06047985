import {
  ComponentType,
  TextInputStyle,
  type APIActionRowComponent,
  type APIModalInteractionResponseCallbackData,
  type APITextInputComponent,
} from 'discord.js';
import { DECLINE_REASON_MAX } from '../domain/evidence';
import { formatTime } from '../domain/score-text';
import { adjustModalId, declineModalId } from './custom-id';
import type { ReviewView } from '../pipeline/review-view';
import { t } from '../domain/i18n';

const input = (
  customId: string,
  label: string,
  value: string,
): APIActionRowComponent<APITextInputComponent> => ({
  type: ComponentType.ActionRow,
  components: [
    {
      type: ComponentType.TextInput,
      custom_id: customId,
      label,
      style: TextInputStyle.Short,
      required: true,
      max_length: 20,
      value,
    },
  ],
});

/**
 * The Adjust form, prefilled with the result as submitted: a winner, a scoreline or a score; in
 * the language of the moderator who opens it (`locale`). The values typed stay Tally's own
 * (`team1`, `draw`, `1:29.500`), whatever the language.
 */
export function adjustModal(
  view: ReviewView,
  locale: string | null = null,
): APIModalInteractionResponseCallbackData {
  const { board, record, handle } = view;
  let components: APIActionRowComponent<APITextInputComponent>[];
  if (record.kind === 'score') {
    const label = t(locale, board.type === 'Time' ? 'review.modal.time' : 'review.modal.score');
    const value =
      board.type === 'Time' ? formatTime(record.score.score) : String(record.score.score);
    components = [input('score', label, value)];
  } else if (board.type === 'League') {
    components = [
      input(
        'team1_score',
        t(locale, 'review.modal.team1Score'),
        String(record.match.team1Score ?? ''),
      ),
      input(
        'team2_score',
        t(locale, 'review.modal.team2Score'),
        String(record.match.team2Score ?? ''),
      ),
    ];
  } else {
    components = [input('winner', t(locale, 'review.modal.winner'), record.match.winner ?? '')];
  }
  const title = t(locale, 'review.modal.adjustTitle', { handle }).slice(0, 45);
  return { custom_id: adjustModalId(handle), title, components };
}

/**
 * The Decline form: one optional reason, shown in the review message and to the submitter; in
 * the moderator's language (`locale`).
 */
export function declineModal(
  handle: string,
  locale: string | null = null,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: declineModalId(handle),
    title: t(locale, 'review.modal.declineTitle', { handle }).slice(0, 45),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'reason',
            label: t(locale, 'review.modal.reason'),
            style: TextInputStyle.Paragraph,
            required: false,
            max_length: DECLINE_REASON_MAX,
            placeholder: t(locale, 'review.modal.reasonPlaceholder'),
          },
        ],
      },
    ],
  };
}
