import type { Config } from '../config';
import type { Repositories } from '../store/repositories';
import type { Signals } from './signals';

/** What every use case may touch: configuration, repositories and the clock. */
export interface Context {
  config: Config;
  repos: Repositories;
  now: () => Date;
  signals: Signals;
}
