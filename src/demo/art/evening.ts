import { below, between, type Rng } from '../random';
import { circle, linear, mix, n, path, picture, polygon, radial, rect, type Art } from './svg';

/** Evening and night for the demo's contest: a harbour at sunset, a city after dark. */

/** A low sun over the water, its glitter, a breakwater with a lighthouse, boats and gulls. */
export function harbourSunset(rng: Rng): Art {
  const [w, h, sea] = [1200, 800, 470];
  const defs =
    linear('sky', [
      [0, '#1d1140'],
      [0.45, '#7a2a6b'],
      [0.8, '#f0644a'],
      [1, '#ffb46a'],
    ]) +
    linear('sea', [
      [0, '#f08a4b'],
      [0.25, '#6a2b5e'],
      [1, '#140c2c'],
    ]) +
    radial('glow', [
      [0, '#ffe2a0', 0.9],
      [1, '#ff8c5a', 0],
    ]);
  const sunX = 520 + below(rng, 160);
  let body = rect(0, 0, w, sea, 'url(#sky)') + circle(sunX, sea, 300, 'url(#glow)');
  body += circle(sunX, sea - 30, 62, '#ffd98a') + rect(0, sea, w, h - sea, 'url(#sea)');
  for (let i = 0; i < 70; i++) {
    const y = sea + 6 + (i / 70) ** 1.6 * (h - sea);
    const spread = 40 + (y - sea) * 0.9;
    const x = sunX + between(rng, -spread, spread);
    body += rect(
      x,
      y,
      between(rng, 20, 90),
      2 + (y - sea) / 120,
      '#ffd59a',
      ` fill-opacity="${n(0.75 - (y - sea) / 500)}"`,
    );
  }
  const pier = 840 + below(rng, 80);
  body += rect(pier, sea - 14, w - pier, 22, '#1a0f26');
  body += polygon(
    [
      [pier + 90, sea - 14],
      [pier + 100, sea - 120],
      [pier + 118, sea - 120],
      [pier + 128, sea - 14],
    ],
    '#1a0f26',
  );
  body +=
    rect(pier + 96, sea - 142, 26, 22, '#ffe9a8') +
    polygon(
      [
        [pier + 92, sea - 142],
        [pier + 109, sea - 166],
        [pier + 126, sea - 142],
      ],
      '#1a0f26',
    );
  for (let b = 0; b < 3; b++) {
    const x = 120 + b * 230 + below(rng, 90);
    const y = sea + 40 + b * 55;
    const s = 0.8 + b * 0.35;
    body += path(
      `M${n(x - 60 * s)},${n(y)} L${n(x + 60 * s)},${n(y)} L${n(x + 42 * s)},${n(y + 16 * s)} L${n(x - 44 * s)},${n(y + 16 * s)} Z`,
      '#160b22',
    );
    body += polygon(
      [
        [x, y - 2],
        [x, y - 110 * s],
        [x + 52 * s, y - 2],
      ],
      '#221233',
    );
    body += polygon(
      [
        [x - 4, y - 2],
        [x - 4, y - 86 * s],
        [x - 40 * s, y - 2],
      ],
      '#2b1840',
    );
  }
  for (let g = 0; g < 5; g++) {
    const [x, y, s] = [200 + below(rng, 700), 90 + below(rng, 200), between(rng, 8, 16)];
    body += path(
      `M${n(x - s)},${n(y)} q${n(s / 2)},${n(-s / 2)} ${n(s)},0 q${n(s / 2)},${n(-s / 2)} ${n(s)},0`,
      'none',
      ' stroke="#1d1130" stroke-width="2.5"',
    );
  }
  return picture(w, h, defs, body);
}

/** A skyline at night: lit windows, a moon, the stars above the haze. */
export function nightCity(rng: Rng): Art {
  const [w, h, street] = [1200, 800, 740];
  const defs = linear('sky', [
    [0, '#070b24'],
    [0.7, '#23194a'],
    [1, '#5b2b6b'],
  ]);
  let body = rect(0, 0, w, h, 'url(#sky)');
  for (let i = 0; i < 120; i++)
    body += circle(
      below(rng, w),
      below(rng, 420),
      between(rng, 0.6, 2),
      '#ffffff',
      ` fill-opacity="${n(between(rng, 0.3, 1))}"`,
    );
  // A crescent: the moon, then a disc of the sky's colour at that height over most of it.
  body +=
    circle(930, 130, 48, '#f4efd8') +
    circle(950, 118, 44, mix('#070b24', '#23194a', 118 / h / 0.7));
  for (const [depth, colour] of [
    [0, '#1c1838'],
    [1, '#0e0c20'],
  ] as const) {
    for (let x = -20; x < w;) {
      const bw = 50 + below(rng, 90);
      const bh = 180 + below(rng, 260) + depth * 60 - (depth ? 0 : 40);
      const top = street - bh;
      body += rect(x, top, bw, bh, colour);
      if (depth === 1) {
        for (let wy = top + 14; wy < street - 20; wy += 22) {
          for (let wx = x + 8; wx < x + bw - 12; wx += 16) {
            if (rng() < 0.38)
              body += rect(
                wx,
                wy,
                8,
                11,
                rng() < 0.8 ? '#ffd877' : '#8fd3ff',
                ' fill-opacity="0.9"',
              );
          }
        }
      }
      x += bw + below(rng, 12);
    }
  }
  return picture(w, h, defs, body + rect(0, street, w, h - street, '#07060f'));
}
