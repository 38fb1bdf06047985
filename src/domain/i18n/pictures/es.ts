import type { Shape } from '../shape';
import type { pictures as source } from './en';

export const pictures: Shape<typeof source> = {};
