import { limitProblems, type MessageBody } from './fake-discord/limits';
import { describe as describeProblem, requestsDescription } from './fake-discord/openapi';
import { requestProblems } from './fake-discord/operation-checks';

/**
 * What Discord would refuse in a message body, checked without sending it: its limits
 * (fake-discord/limits.ts) and the request schema of its own OpenAPI description, as the fake
 * Discord checks every request. The fast tier (test/messages) asserts none for each layout.
 */
export function discordRefuses(
  body: MessageBody,
  route: [method: string, path: string] = ['POST', '/channels/900000000000000001/messages'],
): string[] {
  const op = requestsDescription().operation(...route);
  if (!op) throw new Error(`no operation ${route.join(' ')} in Discord's description`);
  return [
    ...requestProblems(op, new URLSearchParams(), body).map(describeProblem),
    ...limitProblems(body).map((p) => `${p.at.join('.')}: ${p.code}`),
  ];
}
