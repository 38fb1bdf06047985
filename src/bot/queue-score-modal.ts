import {
  ComponentType,
  TextInputStyle,
  type APIModalInteractionResponseCallbackData,
} from 'discord.js';
import { queueScoreModalId } from './custom-id';

/** The text input of the score modal, read back by commands/queue-buttons.ts. */
export const QUEUE_SCORE_INPUT = 'score';

/**
 * Report score, on a League queue match: one scoreline, the presser's side first, read with
 * parseScoreline as /match report's `score` is.
 */
export function queueScoreModal(matchPk: number): APIModalInteractionResponseCallbackData {
  return {
    custom_id: queueScoreModalId(matchPk),
    title: 'Report the score',
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: QUEUE_SCORE_INPUT,
            label: 'Score, your side first (3-1)',
            style: TextInputStyle.Short,
            required: true,
            max_length: 20,
            placeholder: '3-1',
          },
        ],
      },
    ],
  };
}
