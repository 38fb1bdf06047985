import type { Shape } from '../shape';
import type { web as source } from './en';

export const web: Shape<typeof source> = {};
