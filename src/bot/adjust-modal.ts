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

/** The Adjust form, prefilled with the result as submitted: a winner, a scoreline or a score. */
export function adjustModal(view: ReviewView): APIModalInteractionResponseCallbackData {
  const { board, record, handle } = view;
  let components: APIActionRowComponent<APITextInputComponent>[];
  if (record.kind === 'score') {
    const label = board.type === 'Time' ? 'Time (m:ss.mmm)' : 'Score';
    const value =
      board.type === 'Time' ? formatTime(record.score.score) : String(record.score.score);
    components = [input('score', label, value)];
  } else if (board.type === 'League') {
    components = [
      input('team1_score', 'Team 1 score', String(record.match.team1Score ?? '')),
      input('team2_score', 'Team 2 score', String(record.match.team2Score ?? '')),
    ];
  } else {
    components = [input('winner', 'Winner: team1, team2 or draw', record.match.winner ?? '')];
  }
  return { custom_id: adjustModalId(handle), title: `Adjust ${handle}`.slice(0, 45), components };
}

/** The Decline form: one optional reason, shown in the review message and to the submitter. */
export function declineModal(handle: string): APIModalInteractionResponseCallbackData {
  return {
    custom_id: declineModalId(handle),
    title: `Decline ${handle}`.slice(0, 45),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'reason',
            label: 'Reason (optional, shown to the submitter)',
            style: TextInputStyle.Paragraph,
            required: false,
            max_length: DECLINE_REASON_MAX,
            placeholder: 'e.g. the screenshot shows a different score',
          },
        ],
      },
    ],
  };
}
