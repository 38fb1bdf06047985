import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';

interface Placeable {
  setIntegrationTypes(...types: ApplicationIntegrationType[]): unknown;
  setContexts(...contexts: InteractionContextType[]): unknown;
}

/**
 * Issue 5.4: commands work in a server and, for a user install, in the bot's DMs (a personal
 * workspace, `user:<snowflake>`). That is why they are registered globally: commands of a user
 * install cannot be guild commands.
 */
export function everywhere<T extends Placeable>(builder: T): T {
  builder.setIntegrationTypes(
    ApplicationIntegrationType.GuildInstall,
    ApplicationIntegrationType.UserInstall,
  );
  builder.setContexts(InteractionContextType.Guild, InteractionContextType.BotDM);
  return builder;
}
