/** spec 5.4: scopes are checked exactly, without implication. */
export const SCOPES = [
  'boards:read',
  'entries:read',
  'matches:read',
  'matches:write',
  'scores:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** spec 5.5: the two access levels of the dashboard. */
export const ACCESS_LEVELS = {
  read: ['boards:read', 'entries:read', 'matches:read'],
  'read-write': ['boards:read', 'entries:read', 'matches:read', 'matches:write', 'scores:write'],
} as const satisfies Record<string, readonly Scope[]>;
export type AccessLevel = keyof typeof ACCESS_LEVELS;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function parseScopes(list: string): Scope[] {
  const scopes = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0)
    throw new Error(`unknown scope(s): ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  if (scopes.length === 0) throw new Error('at least one scope is needed');
  return [...new Set(scopes as Scope[])];
}
