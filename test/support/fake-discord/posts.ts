import type { APIMessage } from 'discord-api-types/v10';
import { attach, type FakeFile } from './attachments';
import type { Cdn } from './cdn';
import { EMPTY_MESSAGE, isEmptyMessage } from './limits';
import { editedMessage, newMessage, type MessageRequest } from './messages';
import type { SentFile } from './multipart';
import { attachmentsOf, resolveEmbeds } from './shown-files';
import type { DiscordState } from './state';
import type { Reply } from './types';

/** A create or edit as the bot sent it: the message fields, and the files of a multipart body. */
export interface Write {
  body: MessageRequest;
  files: SentFile[];
  /** Where the message sits in the request body (`['data']` in an interaction response). */
  at?: string[];
}

const UNKNOWN_MESSAGE = { status: 404, body: { code: 10008, message: 'Unknown Message' } };

/**
 * Messages created and edited, with their files, wherever the bot writes them (a channel, an
 * interaction's reply or webhook): the message as Discord returns it is stored, its files (bytes
 * and all) beside it and on the CDN. A write Discord refuses stores nothing.
 */
export class Posts {
  constructor(
    private readonly state: DiscordState,
    private readonly cdn: Cdn,
  ) {}

  /** A new message by the bot in the channel; 200 with it. */
  create(channelId: string, write: Write, extraFlags = 0): Reply {
    const attached = attach({ ...this.attaching(channelId, write), current: undefined });
    if ('refusal' in attached) return attached.refusal;
    const made = newMessage(channelId, write.body, this.state.botUser, extraFlags);
    return this.store(showing(made, attached.files, true), attached.files);
  }

  /** Edits a stored message; Discord refuses an edit that would leave it showing nothing. */
  edit(messageId: string, write: Write): Reply {
    const current = this.state.messages.get(messageId);
    if (!current) return UNKNOWN_MESSAGE;
    const attached = attach({
      ...this.attaching(current.channel_id, write),
      current: this.state.files.get(messageId) ?? [],
    });
    if ('refusal' in attached) return attached.refusal;
    const edited = editedMessage(current, write.body);
    const shown = showing(edited, attached.files, write.body.embeds !== undefined);
    if (isEmptyMessage(shown)) return EMPTY_MESSAGE;
    return this.store(shown, attached.files);
  }

  private attaching(channelId: string, write: Write) {
    const { body, files: sent, at = [] } = write;
    return { channelId, requested: body.attachments, sent, at, origin: this.cdn.origin };
  }

  private store(message: APIMessage, files: FakeFile[]): Reply {
    this.state.messages.set(message.id, message);
    this.state.files.set(message.id, files);
    files.forEach((f) => this.cdn.add(f));
    return { status: 200, body: message };
  }
}

/** The message with its files: new embeds pointed at them, the rest as its `attachments`. */
function showing(message: APIMessage, files: FakeFile[], newEmbeds: boolean): APIMessage {
  const embeds = newEmbeds ? resolveEmbeds(message.embeds, files) : message.embeds;
  return { ...message, embeds, attachments: attachmentsOf(files, embeds) };
}
