import type { Shape } from '../shape';
import type { shared as source } from './en';

export const shared: Shape<typeof source> = {};
