import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ComponentType,
  GatewayDispatchEvents,
  InteractionType,
  Locale,
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  type APIInteractionDataResolved,
  type APIInteractionGuildMember,
  type APIModalSubmitInteraction,
} from 'discord-api-types/v10';
import type { Cdn } from './cdn';
import type { Conformance } from './conformance';
import type { Gateway } from './gateway';
import { checkOptions } from './option-rules';
import { interactionBase, member, role, user } from './payloads';
import type { DiscordState, RegisteredOption } from './state';
import type { CommandInput, FakeGuild, Forging, OptionValue, Presser } from './types';
import { uploaded } from './uploads';

/** The id and token of an interaction a member action sent to the bot. */
export interface Sent {
  id: string;
  token: string;
}

/** A modal submit: its text inputs `{ custom_id: value }` and who submits it where. */
export type ModalSubmit = {
  channelId: string;
  customId: string;
  values: Record<string, string>;
  /** The message whose button opened the modal; the bot may then update that message. */
  messageId?: string;
} & Presser &
  Forging;

/** A press of a button: any custom id, on the message or not (a forged client sends anything). */
export type ButtonPress = { messageId: string; customId: string } & Presser & Forging;

/**
 * A pick from a select menu on a message: the values chosen (role or channel ids for those
 * menus). The menu's kind is the component's with that custom id on the message, or `kind` for a
 * custom id the message does not carry (a forged client).
 */
export type MenuChoice = {
  messageId: string;
  customId: string;
  values: string[];
  kind?: SelectKind;
} & Presser &
  Forging;

const SELECT_KINDS = {
  string: ComponentType.StringSelect,
  user: ComponentType.UserSelect,
  role: ComponentType.RoleSelect,
  mentionable: ComponentType.MentionableSelect,
  channel: ComponentType.ChannelSelect,
} as const;
export type SelectKind = keyof typeof SELECT_KINDS;

/**
 * What people do in Discord that reaches the bot as an INTERACTION_CREATE over the gateway: run a
 * slash command, press a button, submit a modal. Each builds the interaction Discord would send
 * (with the member, channel and resolved options), checked against Discord's schemas, and
 * remembers it for the bot's callback; a `forge` then turns it into whatever a test wants sent.
 */
export class Members {
  constructor(
    private readonly state: DiscordState,
    private readonly gateway: Gateway,
    private readonly conformance: Conformance,
    private readonly cdn: Cdn,
  ) {}

  /**
   * A member (or, without a guild, a DM user) presses a button on a message the bot posted. The
   * custom id is not checked against the message's buttons: Discord's client only sends those,
   * but the bot must not trust that.
   */
  clickButton(input: ButtonPress): Sent {
    const posted = this.state.messages.get(input.messageId);
    if (!posted) throw new Error(`fake Discord: no message ${input.messageId}`);
    const guild = this.state.guildOfChannel(posted.channel_id);
    const interaction: APIInteraction = {
      ...interactionBase(this.state.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.MessageComponent,
      data: { custom_id: input.customId, component_type: ComponentType.Button },
      channel_id: posted.channel_id,
      channel: {
        id: posted.channel_id,
        type: guild ? ChannelType.GuildText : ChannelType.DM,
      },
      message: posted,
    };
    return this.dispatch(interaction, posted.id, input.forge);
  }

  /**
   * A member picks from a select menu on a message the bot posted (docs: Message Components,
   * "Select Menu Interaction": `values`, and the roles or channels picked under `resolved`, as
   * Discord resolves them). Values are not checked against the server: the bot must not trust them.
   */
  chooseFromMenu(input: MenuChoice): Sent {
    const posted = this.state.messages.get(input.messageId);
    if (!posted) throw new Error(`fake Discord: no message ${input.messageId}`);
    const guild = this.state.guildOfChannel(posted.channel_id);
    const onMessage = (posted.components ?? [])
      .flatMap((row) =>
        'components' in row ? (row.components as { type: number; custom_id?: string }[]) : [],
      )
      .find((c) => c.custom_id === input.customId);
    const type = input.kind
      ? SELECT_KINDS[input.kind]
      : (Object.values(SELECT_KINDS) as ComponentType[]).find((t) => t === onMessage?.type);
    if (type === undefined) {
      throw new Error(`fake Discord: no select menu ${input.customId} on ${input.messageId}`);
    }
    const resolved: APIInteractionDataResolved = {};
    if (type === ComponentType.RoleSelect) {
      resolved.roles = Object.fromEntries(
        input.values.map((id) => [
          id,
          role((guild && this.state.roles.find(guild, id)) ?? { id, name: 'role' }),
        ]),
      );
    }
    if (type === ComponentType.ChannelSelect) {
      resolved.channels = Object.fromEntries(
        input.values.map((id) => [
          id,
          {
            id,
            name: guild?.channels.find((c) => c.id === id)?.name ?? null,
            type: ChannelType.GuildText,
            permissions: '0',
          },
        ]),
      ) as APIInteractionDataResolved['channels'];
    }
    const interaction = {
      ...interactionBase(this.state.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.MessageComponent,
      data: {
        custom_id: input.customId,
        component_type: type,
        values: input.values,
        ...(Object.keys(resolved).length ? { resolved } : {}),
      },
      channel_id: posted.channel_id,
      channel: { id: posted.channel_id, type: guild ? ChannelType.GuildText : ChannelType.DM },
      message: posted,
    } as APIInteraction;
    return this.dispatch(interaction, posted.id, input.forge);
  }

  /** A modal submit with text inputs `{ custom_id: value }`, from a member or DM user. */
  submitModal(input: ModalSubmit): Sent {
    const guild = this.state.guildOfChannel(input.channelId);
    const source = input.messageId ? this.state.messages.get(input.messageId) : undefined;
    const interaction: APIModalSubmitInteraction = {
      ...interactionBase(this.state.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.ModalSubmit,
      data: {
        custom_id: input.customId,
        components: Object.entries(input.values).map(([custom_id, value]) => ({
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.TextInput, custom_id, value }],
        })),
      },
      channel_id: input.channelId,
      channel: { id: input.channelId, type: guild ? ChannelType.GuildText : ChannelType.DM },
      ...(source ? { message: source } : {}),
    };
    return this.dispatch(interaction, source?.id ?? null, input.forge);
  }

  /**
   * A member runs a slash command. The command and its options must have been registered: each
   * value gets the wire type the registration declared, and users, channels and roles are
   * resolved as Discord resolves them.
   */
  runCommand(input: CommandInput): Sent {
    const [name, ...path] = input.command;
    const channelId = input.channelId ?? this.state.dmChannel(input.user.id).id;
    const guild = this.state.guildOfChannel(channelId);
    const registered = [
      ...(this.state.commands.get('global') ?? []),
      ...(guild ? (this.state.commands.get(guild.id) ?? []) : []),
    ].find((c) => c.name === name);
    if (!registered) throw new Error(`fake Discord: /${name ?? ''} is not registered`);
    const resolved: APIInteractionDataResolved = {};
    let declared = registered.options ?? [];
    const wrap: ((
      inner: APIApplicationCommandInteractionDataOption[],
    ) => APIApplicationCommandInteractionDataOption[])[] = [];
    for (const part of path) {
      const sub = declared.find((o) => o.name === part);
      if (!sub) throw new Error(`fake Discord: /${input.command.join(' ')} is not registered`);
      declared = sub.options ?? [];
      wrap.push((inner) => [
        {
          name: part,
          type: sub.type,
          options: inner,
        } as APIApplicationCommandInteractionDataOption,
      ]);
    }
    let options = Object.entries(input.options ?? {}).map(([key, value]) => {
      const option = declared.find((o) => o.name === key);
      if (!option)
        throw new Error(`fake Discord: /${input.command.join(' ')} has no option ${key}`);
      return optionValue(this.state, this.cdn, guild, option, value, resolved);
    });
    checkOptions(input.command.join(' '), declared, input.options ?? {});
    for (const w of wrap.reverse()) options = w(options);
    const interaction: APIChatInputApplicationCommandInteraction = {
      ...interactionBase(this.state.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.ApplicationCommand,
      data: {
        id: `cmd-${name ?? ''}`,
        name: name ?? '',
        type: ApplicationCommandType.ChatInput,
        options,
        resolved,
        ...(guild ? { guild_id: guild.id } : {}),
      },
      channel_id: channelId,
      channel: { id: channelId, type: guild ? ChannelType.GuildText : ChannelType.DM },
    } as APIChatInputApplicationCommandInteraction;
    return this.dispatch(interaction, null, input.forge);
  }

  /**
   * Who acts: a guild member with the presser's roles (those said, or those they hold now) and
   * permissions, or a user in a DM.
   */
  private actor(guild: FakeGuild | undefined, presser: Presser) {
    const locale = (presser.locale ?? Locale.EnglishUS) as Locale;
    if (!guild) return { user: user(presser.user), locale };
    const acting: APIInteractionGuildMember = {
      ...member(presser.user),
      roles: presser.roles ?? this.state.roles.rolesOf(guild, presser.user),
      permissions: presser.permissions ?? '0',
    };
    const guildLocale = (guild.preferredLocale ?? Locale.EnglishUS) as Locale;
    return { guild_id: guild.id, member: acting, locale, guild_locale: guildLocale };
  }

  /**
   * Sends the interaction, or what `forge` makes of it (unchecked: it is meant to be wrong), and
   * tracks it under the id and token sent, for the bot's callback and webhooks.
   */
  private dispatch(
    interaction: APIInteraction,
    messageId: string | null,
    forge: Forging['forge'],
  ): Sent {
    const event = GatewayDispatchEvents.InteractionCreate;
    if (!forge) this.conformance.dispatch(event, interaction);
    const sent = forge ? forge(structuredClone(interaction)) : interaction;
    const said = (sent ?? {}) as { id?: unknown; token?: unknown };
    const id = typeof said.id === 'string' ? said.id : interaction.id;
    const token = typeof said.token === 'string' ? said.token : interaction.token;
    this.state.interactions.set(token, {
      id,
      kind: interaction.type,
      sentAt: Date.now(),
      acknowledged: false,
      messageId,
      channelId: interaction.channel?.id ?? '',
    });
    // Discord sends it to the one shard that holds the server (a DM: shard 0).
    this.gateway.dispatch(interaction.guild_id ?? null, event, sent);
    return { id, token };
  }
}

/** One option as sent, with the user, member, channel or role it names added to `resolved`. */
function optionValue(
  state: DiscordState,
  cdn: Cdn,
  guild: FakeGuild | undefined,
  option: RegisteredOption,
  value: OptionValue,
  resolved: APIInteractionDataResolved,
): APIApplicationCommandInteractionDataOption {
  const base = { name: option.name, type: option.type };
  if (typeof value !== 'object')
    return { ...base, value } as APIApplicationCommandInteractionDataOption;
  if ('channelId' in value) {
    const channel = guild?.channels.find((c) => c.id === value.channelId);
    resolved.channels = {
      ...resolved.channels,
      [value.channelId]: {
        id: value.channelId,
        name: channel?.name ?? null,
        type: ChannelType.GuildText,
        permissions: '0',
      },
    } as APIInteractionDataResolved['channels'];
    return { ...base, value: value.channelId } as APIApplicationCommandInteractionDataOption;
  }
  if ('upload' in value) {
    if (option.type !== ApplicationCommandOptionType.Attachment) {
      throw new Error(`fake Discord: option ${option.name} takes no file`);
    }
    const attachment = uploaded(cdn, state.applicationId, value.upload);
    resolved.attachments = { ...resolved.attachments, [attachment.id]: attachment };
    return { ...base, value: attachment.id } as APIApplicationCommandInteractionDataOption;
  }
  if ('roleId' in value) {
    // A server's @everyone role has the server's id (roles.ts lists it first).
    const found = guild ? state.roles.find(guild, value.roleId) : undefined;
    resolved.roles = {
      ...resolved.roles,
      [value.roleId]: role(found ?? { id: value.roleId, name: 'role' }),
    };
    return { ...base, value: value.roleId } as APIApplicationCommandInteractionDataOption;
  }
  resolved.users = { ...resolved.users, [value.id]: user(value) };
  if (guild && state.roles.member(guild, value.id)) {
    const resolvedMember = state.roles.payload(guild, value);
    resolved.members = {
      ...resolved.members,
      [value.id]: {
        nick: resolvedMember.nick ?? null,
        roles: resolvedMember.roles,
        joined_at: resolvedMember.joined_at,
        flags: resolvedMember.flags,
        permissions: '0',
      },
    };
  }
  return { ...base, value: value.id } as APIApplicationCommandInteractionDataOption;
}
