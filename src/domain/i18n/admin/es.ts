import type { Shape } from '../shape';
import type { admin as source } from './en';

export const admin: Shape<typeof source> = {};
