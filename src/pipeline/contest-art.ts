import { svgToPng } from '../render/rasterize';

/**
 * Pictures Tally draws for a contest itself (the demo's entries, src/demo/contest.ts): SVG that
 * Tally wrote, rasterised to a PNG that then enters like a member's upload (`submitEntry`, intake
 * and all). Never for a member's file: their SVG stays refused.
 */
export const drawnPicture = (svg: string): Promise<Uint8Array> => svgToPng(svg);
