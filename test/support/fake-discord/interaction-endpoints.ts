import {
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  type APIMessage,
} from 'discord-api-types/v10';
import { invalidFormBody } from './form-errors';
import { callbackRefusal, webhookRefusal, type Tracked } from './interaction-rules';
import type { MessageRequest } from './messages';
import type { SentFile } from './multipart';
import type { Posts } from './posts';
import type { DiscordState } from './state';
import type { Reply } from './types';

/** An initial response to an interaction, as the bot sends it. */
export type Callback = {
  type: InteractionResponseType;
  data?: MessageRequest & { custom_id?: string };
};

const json = (status: number, body?: unknown): Reply => ({ status, body });
const UNKNOWN_MESSAGE = json(404, { code: 10008, message: 'Unknown Message' });

/**
 * The endpoints an interaction's token opens, answered by Discord's rules (interaction-rules.ts):
 * the initial response (a reply, a deferred reply, an update of the component's message, a modal)
 * and, once acknowledged, follow-ups and edits through the interaction's webhook. A reply, an
 * update, a follow-up and an edit may carry files (posts.ts); a deferral shows none.
 */
export class InteractionEndpoints {
  constructor(
    private readonly state: DiscordState,
    private readonly posts: Posts,
  ) {}

  /**
   * The initial response: a reply (or deferred reply, loading until edited) becomes a message in
   * the channel, kept with its flags so ephemeral replies can be told apart; an update edits the
   * component's message; a modal is recorded.
   */
  callback(
    interactionId: string,
    token: string,
    body: Callback,
    query: URLSearchParams,
    files: SentFile[] = [],
  ): Reply {
    const reply = this.initialResponse(interactionId, token, body, query, files);
    this.state.noteCallback(token, body?.type, body?.data?.flags, reply.status);
    return reply;
  }

  private initialResponse(
    interactionId: string,
    token: string,
    body: Callback,
    query: URLSearchParams,
    files: SentFile[],
  ): Reply {
    const tracked = this.state.interactions.get(token);
    const refusal = callbackRefusal(tracked, interactionId, this.state.timing);
    if (refusal || !tracked) return refusal ?? json(500);
    const outcome = this.respond(tracked, token, body, files);
    if (outcome.status !== 200) return outcome;
    tracked.acknowledged = true;
    if (query.get('with_response') !== 'true') return json(204);
    const message = outcome.body as APIMessage | undefined;
    return json(200, {
      interaction: { id: tracked.id, type: tracked.kind },
      ...(message && (body.type === 4 || body.type === 7)
        ? { resource: { type: body.type, message } }
        : {}),
    });
  }

  /** A follow-up message (`wait=true` returns it, as discord.js asks). */
  followUp(
    webhookId: string,
    token: string,
    body: MessageRequest,
    query: URLSearchParams,
    files: SentFile[] = [],
  ): Reply {
    const tracked = this.state.interactions.get(token);
    const refusal = this.webhookRefusal(tracked, webhookId);
    if (refusal || !tracked) return refusal ?? json(500);
    const posted = this.posts.create(tracked.channelId, { body, files });
    if (posted.status !== 200) return posted;
    return query.get('wait') === 'true' ? posted : json(204);
  }

  /** An edit of `@original` (the reply, or the component's message) or of a follow-up. */
  edit(
    webhookId: string,
    token: string,
    messageId: string,
    body: MessageRequest,
    files: SentFile[] = [],
  ): Reply {
    const tracked = this.state.interactions.get(token);
    const refusal = this.webhookRefusal(tracked, webhookId);
    if (refusal || !tracked) return refusal ?? json(500);
    const id = messageId === '@original' ? tracked.messageId : messageId;
    return id ? this.posts.edit(id, { body, files }) : UNKNOWN_MESSAGE;
  }

  private webhookRefusal(tracked: Tracked | undefined, webhookId: string) {
    return webhookRefusal(tracked, webhookId, this.state.applicationId, this.state.timing);
  }

  /** What the response does; 200 (with the message it made or changed) when it is accepted. */
  private respond(tracked: Tracked, token: string, body: Callback, files: SentFile[]): Reply {
    const at = ['data'];
    switch (body.type) {
      case InteractionResponseType.ChannelMessageWithSource:
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        const deferred = body.type === InteractionResponseType.DeferredChannelMessageWithSource;
        // A deferral shows no files (upload-rules.ts records any sent with it as a violation).
        const write = deferred
          ? { body: { ...body.data, attachments: undefined }, files: [] }
          : { body: body.data ?? {}, files, at };
        const posted = this.posts.create(
          tracked.channelId,
          write,
          deferred ? MessageFlags.Loading : 0,
        );
        if (posted.status === 200) tracked.messageId = (posted.body as APIMessage).id;
        return posted;
      }
      case InteractionResponseType.DeferredMessageUpdate:
      case InteractionResponseType.UpdateMessage: {
        // Only an interaction on a message (a component, or a modal it opened) can update it.
        if (!tracked.messageId) return wrongType(body.type);
        if (body.type === InteractionResponseType.DeferredMessageUpdate) return json(200);
        return this.posts.edit(tracked.messageId, { body: body.data ?? {}, files, at });
      }
      case InteractionResponseType.Modal:
        // A modal cannot answer a modal.
        if (tracked.kind === InteractionType.ModalSubmit) return wrongType(body.type);
        this.state.modals.push({ token, customId: body.data?.custom_id ?? '', data: body.data });
        return json(200);
      default:
        return wrongType(body.type);
    }
  }
}

/** A response type this interaction cannot take (Discord's wording here is a guess). */
const wrongType = (type: number) =>
  invalidFormBody([
    {
      at: ['type'],
      code: 'INTERACTION_RESPONSE_TYPE_INVALID',
      message: `Interaction response type ${type} is not valid for this interaction.`,
    },
  ]);
