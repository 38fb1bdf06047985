import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
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

/**
 * The gateway websocket at `/gateway` on the REST server: HELLO on connect, heartbeat ACKs, READY
 * and one GUILD_CREATE per guild on IDENTIFY, a fresh session instead of a RESUME, dispatches
 * (interactions) to every connected client, and server events (roles, members) to the clients
 * whose intents ask for them.
 */
export class Gateway {
  /** How many times a client has identified. */
  identified = 0;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  /** The intents each identified client asked for. */
  private readonly intents = new Map<WebSocket, number>();
  private sequence = 0;

  constructor(
    private readonly server: Server,
    private readonly state: DiscordState,
    private readonly recorder: Recorder,
    private readonly conformance: Conformance,
  ) {
    this.wss = new WebSocketServer({ server, path: '/gateway' });
  }

  /** Starts accepting clients. */
  listen(): void {
    this.wss.on('connection', (socket) => this.onSocket(socket));
  }

  /** Where clients connect (GET /gateway/bot) and resume. */
  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway`;
  }

  /** Sends a dispatch event to every connected client. */
  broadcast(t: GatewayDispatchEvents, d: unknown): void {
    for (const socket of this.sockets) this.send(socket, t, d);
  }

  /**
   * Sends a server event, checked, to every identified client whose intents include `intent`
   * (docs: Gateway, "List of Intents"); without one, to every identified client (a member update
   * of the bot itself is sent whatever the intents).
   */
  announce(t: GatewayDispatchEvents, d: unknown, intent?: GatewayIntentBits): void {
    this.conformance.dispatch(t, d);
    for (const [socket, intents] of this.intents) {
      if (intent === undefined || (intents & intent) !== 0) this.send(socket, t, d);
    }
  }

  /** Drops every client and stops accepting new ones (the HTTP server is closed separately). */
  close(): void {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
  }

  private onSocket(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.intents.delete(socket);
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
      const { state } = this;
      this.sequence = 0;
      this.intents.set(socket, Number(payload.d.intents) || 0);
      this.sendChecked(
        socket,
        GatewayDispatchEvents.Ready,
        ready(state.botUser, state.guilds, state.applicationId, this.url),
      );
      for (const guild of state.guilds) {
        const data: GatewayGuildCreateDispatchData = guildCreate(
          guild,
          guild.ownerId ?? state.applicationId,
          state.roles.of(guild),
          state.roles.members(guild).map((m) => state.roles.payload(guild, m)),
        );
        this.sendChecked(socket, GatewayDispatchEvents.GuildCreate, data);
      }
      this.identified++;
      this.recorder.notify();
    } else if (payload.op === GatewayOpcodes.Resume) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
    }
  }

  private sendChecked(socket: WebSocket, t: GatewayDispatchEvents, d: unknown): void {
    this.conformance.dispatch(t, d);
    this.send(socket, t, d);
  }

  private send(socket: WebSocket, t: GatewayDispatchEvents, d: unknown): void {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t, d, s: ++this.sequence }));
  }
}
