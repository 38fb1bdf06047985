import type { Config } from '../config';
import type { Renderer } from '../render/types';
import type { Repositories } from '../store/repositories';
import type { Signals } from './signals';

/** What every use case may touch: configuration, repositories and the clock. */
export interface Context {
  config: Config;
  repos: Repositories;
  now: () => Date;
  signals: Signals;
  /** Pictures (src/render): absent where nothing renders; every reader then falls back to text. */
  render?: Renderer;
}

/**
 * On whose behalf a use case acts: one owner's workspace (an API key's owner, a server's
 * moderator), or the operator (the CLI, the expiry sweep, the demo), who may act on any owner.
 * Required, so a front end cannot leave a call unscoped; another owner's thing is "not found".
 */
export type Actor = { ownerId: string } | 'operator';

export const actsFor = (actor: Actor, ownerId: string) =>
  actor === 'operator' || actor.ownerId === ownerId;
