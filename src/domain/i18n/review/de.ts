import type { Shape } from '../shape';
import type { review as source } from './en';

export const review: Shape<typeof source> = {};
