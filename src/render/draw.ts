import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { CARD, cardElement } from './card';
import { CHART, chartBody, chartTitle, stack, TITLE_HEIGHT } from './chart-png';
import { emojiDataUri } from './emoji';
import { galleryElement, type DrawnGallery } from './gallery-card';
import type { El, FaceSet } from './elements';
import { latinFace } from './font-catalog';
import { satoriFonts, ttfFile } from './fonts';
import { pixmapDrawn, reclaim } from './reclaim';
import type { DrawnCard } from './avatars';
import type { ChartData } from './types';

/** One picture to draw: plain data, so it crosses to a worker thread as it is. */
export type RenderJob =
  | { kind: 'card'; data: DrawnCard }
  | { kind: 'chart'; data: ChartData }
  | { kind: 'gallery'; data: DrawnGallery };

/** satori asks for an emoji's picture when a text has one; fonts are chosen before (FaceSet). */
async function loadAdditionalAsset(code: string, segment: string) {
  return (code === 'emoji' && emojiDataUri(segment)) || [];
}

function toSvg(element: El, faces: FaceSet, size: { width: number; height: number }) {
  return satori(element, { ...size, fonts: satoriFonts(faces.uses), loadAdditionalAsset });
}

/** resvg with our fonts only: the picture must not depend on what the machine has installed. */
export function toPng(svg: string, scale: number, fontFiles: string[] = []): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: {
      loadSystemFonts: false,
      fontFiles,
      defaultFontFamily: 'Noto Sans',
      sansSerifFamily: 'Noto Sans',
    },
  });
  const image = resvg.render();
  pixmapDrawn(image.width * image.height * 4);
  return image.asPng();
}

async function drawCard(data: DrawnCard): Promise<Buffer> {
  const { element, faces } = cardElement(data);
  return toPng(await toSvg(element, faces, CARD), CARD.scale);
}

async function drawGallery(data: DrawnGallery): Promise<Buffer> {
  const { element, faces } = galleryElement(data);
  return toPng(await toSvg(element, faces, CARD), CARD.scale);
}

async function drawChart(data: ChartData): Promise<Buffer> {
  const title = chartTitle(data);
  const body = chartBody(data);
  const svg = stack(
    await toSvg(title.element, title.faces, { width: CHART.width, height: TITLE_HEIGHT }),
    body.svg,
  );
  const faces = [latinFace(), ...body.faces];
  const files = [...new Set(faces)].flatMap((f) => [ttfFile(f, 400), ttfFile(f, 700)]);
  return toPng(svg, CHART.scale, files);
}

function drawJob(job: RenderJob): Promise<Buffer> {
  if (job.kind === 'card') return drawCard(job.data);
  if (job.kind === 'gallery') return drawGallery(job.data);
  return drawChart(job.data);
}

/** The PNG of a job, drawn on this thread: the worker's body, and the renderer's with threads 0. */
export async function draw(job: RenderJob): Promise<Buffer> {
  const png = await drawJob(job);
  await reclaim(); // before this thread takes its next picture
  return png;
}
