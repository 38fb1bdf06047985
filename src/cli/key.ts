import { TallyError } from '../domain/errors';
import { parseScopes, type AccessLevel } from '../domain/scopes';
import type { KeyType } from '../domain/keys';
import { listKeys, mintKey, revokeKey } from '../pipeline/keys';
import { type Cli, listJson, printer } from './shared';

/** `tally key`: API keys; a secret is printed once, at creation. */
export function registerKeys({ program, withContext }: Cli): void {
  const key = program.command('key').description('API keys');
  key
    .command('create <owner-id>')
    .description("mint an API key of the owner's; its secret is printed once, never again")
    .requiredOption('--type <type>', 'live or test')
    .option('--access <level>', 'read or read-write', 'read')
    .option('--scopes <list>', 'explicit scopes instead of an access level, comma-separated')
    .option('--label <label>')
    .option('--json')
    .action(
      (
        ownerId: string,
        o: { type: string; access: string; scopes?: string; label?: string; json?: boolean },
      ) =>
        withContext(async (ctx) => {
          if (o.type !== 'live' && o.type !== 'test')
            throw new TallyError('invalid_request', '--type must be live or test');
          if (o.access !== 'read' && o.access !== 'read-write') {
            throw new TallyError('invalid_request', '--access must be read or read-write');
          }
          const scopes = o.scopes === undefined ? undefined : parseScopes(o.scopes);
          const minted = await mintKey(ctx, {
            ownerId,
            type: o.type as KeyType,
            access: o.access as AccessLevel,
            scopes,
            label: o.label,
          });
          printer(o)(
            minted,
            `Created ${minted.id} (${minted.type}; ${minted.scopes.join(', ')}).\n` +
              `Secret, shown once and never again:\n\n  ${minted.secret}\n`,
          );
        }),
    );
  key
    .command('list <owner-id>')
    .description("the owner's keys, revoked ones too (never a secret)")
    .option('--json')
    .action((ownerId: string, o: { json?: boolean }) =>
      withContext(async (ctx) => {
        const keys = await listKeys(ctx, ownerId);
        const lines = keys.map(
          (k) =>
            `${k.id}\t${k.type}\t${k.hint}\t${k.revoked_at ? 'revoked' : 'active'}\t${k.label}\t${k.scopes.join(',')}`,
        );
        printer(o)(listJson(keys), lines.join('\n') || 'No keys.');
      }),
    );
  key
    .command('revoke <key-id>')
    .description('revoke a key: refused from the next request on')
    .option('--json')
    .action((id: string, o: { json?: boolean }) =>
      withContext(async (ctx) => {
        const revoked = await revokeKey(ctx, id, 'operator');
        printer(o)(revoked, `Revoked ${revoked.id}; it is refused from the next request on.`);
      }),
    );
}
