import type { Shape } from '../shape';
import type { dashboard as source } from './en';

export const dashboard: Shape<typeof source> = {};
