import type { Shape } from '../shape';
import type { common as source } from './en';

export const common: Shape<typeof source> = {};
