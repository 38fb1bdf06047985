import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayOpcodes,
  type GatewayGuildCreateDispatchData,
  type GatewayIntentBits,
  type GatewaySendPayload,
} from 'discord-api-types/v10';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Conformance } from './conformance';
import { guildCreate } from './guild-payloads';
import { ready } from './payloads';
import type { Recorder } from './recording';
import type { DiscordState } from './state';

/** Docs: Gateway, "Session Start Limit": each bucket may identify once per 5 seconds. */
const IDENTIFY_INTERVAL_MS = 5_000;

/** Which shard of how many a session is (IDENTIFY's `shard`; [0, 1] when it sends none). */
export type ShardPair = [id: number, count: number];

/** Docs: Gateway, "Sharding": a server's events go to shard (guild_id >> 22) % num_shards. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** One identified connection: its shard, the intents it asked for, its own sequence. */
interface Session {
  shard: ShardPair;
  intents: number;
  sequence: number;
}

/** What a test can read about an identify: the shard it claimed and when. */
export interface Identified {
  shard: ShardPair;
  at: number;
}

/**
 * The gateway websocket at `/gateway` on the REST server: HELLO on connect, heartbeat ACKs, READY
 * and one GUILD_CREATE per guild of the session's shard on IDENTIFY, a fresh session instead of a
 * RESUME. As Discord does, a server's events (interactions, roles, members) go only to the
 * session whose shard holds it ((guild_id >> 22) % num_shards; DMs to shard 0), server events
 * only where the intents ask for them; an IDENTIFY whose shard does not exist is closed with
 * 4010, one with fewer shards than `requiredShards` with 4011 (Sharding required), and one
 * sooner than 5 s after another of its bucket (shard id % max_concurrency) gets Invalid Session
 * and a violation.
 */
export class Gateway {
  /** Every identify, in order. */
  readonly identifies: Identified[] = [];
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly sessions = new Map<WebSocket, Session>();
  /** When each identify bucket (shard id % max_concurrency) last identified. */
  private readonly lastIdentify = new Map<number, number>();

  constructor(
    private readonly server: Server,
    private readonly state: DiscordState,
    private readonly recorder: Recorder,
    private readonly conformance: Conformance,
    /** The fewest shards Discord accepts for this bot (its guild count; default 1). */
    private readonly requiredShards = 1,
    /** Discord: 5 s between identifies of a bucket; the fake's own tests of two clients shorten it. */
    private readonly identifyIntervalMs = IDENTIFY_INTERVAL_MS,
  ) {
    this.wss = new WebSocketServer({ server, path: '/gateway' });
  }

  /** How many times a client has identified. */
  get identified(): number {
    return this.identifies.length;
  }

  /** Starts accepting clients. */
  listen(): void {
    this.wss.on('connection', (socket) => this.onSocket(socket));
  }

  /** Where clients connect (GET /gateway/bot) and resume. */
  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway`;
  }

  /**
   * Sends a dispatch event (an interaction) to the session holding `guildId`'s shard, or shard
   * 0 for a DM (`null`). Returns the shard it went to, or null when no session holds it.
   */
  dispatch(guildId: string | null, t: GatewayDispatchEvents, d: unknown): ShardPair | null {
    let to: ShardPair | null = null;
    for (const [socket, session] of this.sessions) {
      if (!this.holds(session, guildId)) continue;
      this.send(socket, session, t, d);
      to = session.shard;
    }
    return to;
  }

  /**
   * Sends a server event of `guildId`, checked, to the session holding it when its intents
   * include `intent` (without one, whatever the intents: a member update of the bot itself).
   */
  announce(
    guildId: string,
    t: GatewayDispatchEvents,
    d: unknown,
    intent?: GatewayIntentBits,
  ): void {
    this.conformance.dispatch(t, d);
    for (const [socket, session] of this.sessions) {
      if (!this.holds(session, guildId)) continue;
      if (intent === undefined || (session.intents & intent) !== 0)
        this.send(socket, session, t, d);
    }
  }

  /** Drops every client and stops accepting new ones (the HTTP server is closed separately). */
  close(): void {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
  }

  private holds(session: Session, guildId: string | null): boolean {
    const [id, count] = session.shard;
    return (guildId === null ? 0 : shardOf(guildId, count)) === id;
  }

  private onSocket(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.sessions.delete(socket);
    });
    socket.on('message', (raw) =>
      this.onGateway(socket, JSON.parse(String(raw)) as GatewaySendPayload),
    );
    socket.send(JSON.stringify({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: 45_000 } }));
  }

  private onGateway(socket: WebSocket, payload: GatewaySendPayload): void {
    if (payload.op === GatewayOpcodes.Heartbeat) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
    } else if (payload.op === GatewayOpcodes.Identify) {
      const shard: ShardPair = payload.d.shard ?? [0, 1];
      const [id, count] = shard;
      if (!Number.isInteger(count) || count < 1 || !Number.isInteger(id) || id < 0 || id >= count) {
        socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
        return;
      }
      if (count < this.requiredShards) {
        socket.close(GatewayCloseCodes.ShardingRequired, 'Sharding required.');
        return;
      }
      // Session start limit: max_concurrency identifies per bucket per 5 s, else Invalid Session.
      const bucket = id % this.state.sharding.maxConcurrency;
      const now = Date.now();
      const last = this.lastIdentify.get(bucket);
      if (last !== undefined && now - last < this.identifyIntervalMs) {
        this.conformance.violations.push(
          `gateway: shard ${id} identified ${now - last} ms after another of bucket ${bucket} (max_concurrency ${this.state.sharding.maxConcurrency}: one per 5 s)`,
        );
        socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
        return;
      }
      this.lastIdentify.set(bucket, now);
      const session: Session = { shard, intents: Number(payload.d.intents) || 0, sequence: 0 };
      this.sessions.set(socket, session);
      const { state } = this;
      const guilds = state.guilds.filter((g) => this.holds(session, g.id));
      this.sendChecked(
        socket,
        session,
        GatewayDispatchEvents.Ready,
        ready(state.botUser, guilds, state.applicationId, this.url, shard),
      );
      for (const guild of guilds) {
        const data: GatewayGuildCreateDispatchData = guildCreate(
          guild,
          guild.ownerId ?? state.applicationId,
          state.roles.of(guild),
          state.roles.members(guild).map((m) => state.roles.payload(guild, m)),
        );
        this.sendChecked(socket, session, GatewayDispatchEvents.GuildCreate, data);
      }
      this.identifies.push({ shard, at: Date.now() });
      this.recorder.notify();
    } else if (payload.op === GatewayOpcodes.Resume) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
    }
  }

  private sendChecked(
    socket: WebSocket,
    session: Session,
    t: GatewayDispatchEvents,
    d: unknown,
  ): void {
    this.conformance.dispatch(t, d);
    this.send(socket, session, t, d);
  }

  private send(socket: WebSocket, session: Session, t: GatewayDispatchEvents, d: unknown): void {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t, d, s: ++session.sequence }));
  }
}
