import { TallyError } from '../domain/errors';
import { addOwner, setOwnerAccess } from '../pipeline/owners';
import { type Cli, printer } from './shared';

/** `tally owner`: guild and user workspaces and their API access. */
export function registerOwners({ program, withContext }: Cli): void {
  const owner = program.command('owner').description('guild and user workspaces');
  owner
    .command('add <owner-id>')
    .description('register guild:<snowflake> or user:<snowflake>')
    .option('--name <name>')
    .option('--json')
    .action((id: string, opts: { name?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const o = await addOwner(ctx, id, opts.name);
        printer(opts)(
          { id: o.id, name: o.name, api_access: o.apiAccess },
          `Added ${o.id} (${o.name}); API access: ${o.apiAccess}`,
        );
      }),
    );
  owner
    .command('access <owner-id> <action>')
    .description(
      'open: grant API access; withdraw: revoke live keys and block minting; request: ask for it',
    )
    .option('--json')
    .action((id: string, action: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        if (action !== 'open' && action !== 'withdraw' && action !== 'request') {
          throw new TallyError('invalid_request', 'action must be open, withdraw or request');
        }
        const { owner: o, revokedKeys } = await setOwnerAccess(ctx, id, action);
        printer(opts)(
          { id: o.id, api_access: o.apiAccess, revoked_keys: revokedKeys },
          `API access of ${o.id}: ${o.apiAccess}${revokedKeys ? ` (${revokedKeys} live key(s) revoked)` : ''}`,
        );
      }),
    );
}
