import { EntitySchema } from 'typeorm';
import { col } from './columns';

/** spec 5.8 / DESIGN.md 3: an owner-level flag that gates key creation only. */
import type { ApiAccess } from '../src/domain/vocabulary';

export interface Owner {
  id: string; // guild:<snowflake> | user:<snowflake>
  name: string;
  apiAccess: ApiAccess;
  createdAt: Date;
  /** The server's icon hash as Discord last sent it (GUILD_CREATE); null: none, or not seen yet. */
  icon?: string | null;
  /**
   * The server's preferred locale on Discord as last seen (GUILD_CREATE, GUILD_UPDATE, an
   * interaction's `guild_locale`); null: not seen yet, or no server.
   */
  discordLocale?: string | null;
  /** The shipped language the server's admins picked for its posts (issue 32); null: Discord's. */
  language?: string | null;
}

export const OwnerEntity = new EntitySchema<Owner>({
  name: 'Owner',
  tableName: 'owners',
  columns: {
    id: { ...col.text(40), primary: true },
    name: col.text(100),
    apiAccess: { ...col.text(12), name: 'api_access' },
    createdAt: { ...col.time(), name: 'created_at' },
    icon: col.text(40, true),
    discordLocale: { ...col.text(10, true), name: 'discord_locale' },
    language: col.text(10, true),
  },
});
