import {
  ComponentType,
  TextInputStyle,
  type APIModalInteractionResponseCallbackData,
} from 'discord.js';
import { t } from '../domain/i18n';
import { queueScoreModalId } from './custom-id';

/** The text input of the score modal, read back by commands/queue-buttons.ts. */
export const QUEUE_SCORE_INPUT = 'score';

/**
 * Report score, on a League queue match: one scoreline, the presser's side first, read with
 * parseScoreline as /match report's `score` is. In the presser's language (`locale`): each
 * language's title and label stay within Discord's 45 characters (test/messages).
 */
export function queueScoreModal(
  matchPk: number,
  locale: string | null = null,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: queueScoreModalId(matchPk),
    title: t(locale, 'play.press.modalTitle'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: QUEUE_SCORE_INPUT,
            label: t(locale, 'play.press.modalLabel'),
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
