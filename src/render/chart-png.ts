import { chartSvg } from './chart-svg';
import { div, FaceSet, THEMES, type El } from './elements';
import { prepareText } from './text-prep';
import type { ChartData } from './types';

/** The history chart PNG: 600×300 layout pixels at 2× (1200×600). */
export const CHART = { width: 600, height: 300, scale: 2 };
export const TITLE_HEIGHT = 34;

/**
 * resvg draws SVG text with the fonts it is given and cannot draw colour emoji, so the PNG takes
 * its title from satori (emoji, CJK and Arabic as glyph paths, like the card) and the axes from
 * chartSvg, whose text is then only digits, dates and the value label, in Noto Sans.
 */
export function chartTitle(data: ChartData): { element: El; faces: FaceSet } {
  const theme = THEMES[data.theme ?? 'dark'];
  const faces = new FaceSet();
  const element = div(
    {
      width: CHART.width,
      height: TITLE_HEIGHT,
      alignItems: 'center',
      padding: '6px 13px 0',
      backgroundColor: theme.bg,
      color: theme.text,
      fontSize: 17,
      lineHeight: 1.3,
    },
    faces.text(data.title, { fontWeight: 700, flexGrow: 1, flexBasis: 0 }),
  );
  return { element, faces };
}

/** The chart under the title, its text limited to what Noto Sans draws; the faces resvg needs. */
export function chartBody(data: ChartData) {
  const label = prepareText(data.valueLabel, ['sans']);
  const svg = chartSvg(
    { ...data, valueLabel: label.text },
    {
      width: CHART.width,
      height: CHART.height - TITLE_HEIGHT,
      theme: data.theme ?? 'dark',
      showTitle: false,
    },
  );
  return { svg, faces: label.faces };
}

/**
 * One SVG of both: the title's above, the chart's below, as nested <svg> elements (an SVG inside
 * an <image> would get no fonts from resvg).
 */
export function stack(title: string, body: string): string {
  const { width, height } = CHART;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${title}<g transform="translate(0 ${TITLE_HEIGHT})">${body}</g></svg>`
  );
}
