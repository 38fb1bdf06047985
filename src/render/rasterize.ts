import { MAX_PIXELS } from './intake';

/**
 * A picture Tally drew itself (the demo's contest art), from SVG to PNG. Only for SVG that Tally
 * wrote: a member's SVG upload stays refused by intake.ts (an SVG can reference other files and
 * hide script), and nothing a member sends reaches this. Fast PNG compression: the bytes are
 * read once, by intake, and never kept. sharp loads on first use, as in intake.ts: the CLI
 * imports the demo, and libvips would otherwise add to every command's start.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { limitInputPixels: MAX_PIXELS })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
