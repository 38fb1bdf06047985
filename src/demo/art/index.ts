import { bauhaus, orbits, stainedGlass, tidalLines } from './abstract';
import { harbourSunset, nightCity } from './evening';
import { alpineLake, desertDunes, foggyForest } from './landscapes';
import { mushroomCottage, pixelCastle, voxelTower } from './pixel';

export type { Art } from './svg';
export const SCENES = {
  harbourSunset,
  alpineLake,
  foggyForest,
  desertDunes,
  nightCity,
  bauhaus,
  tidalLines,
  stainedGlass,
  orbits,
  pixelCastle,
  mushroomCottage,
  voxelTower,
};
