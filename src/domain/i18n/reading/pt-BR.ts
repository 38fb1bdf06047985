import type { Shape } from '../shape';
import type { reading as source } from './en';

export const reading: Shape<typeof source> = {};
