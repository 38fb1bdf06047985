import { below, between, pick, type Rng } from '../random';
import { circle, linear, mix, n, path, picture, polygon, radial, rect, type Art } from './svg';

/** Abstract pieces for the demo's contest: shapes on a grid, waves, glass, orbits. */

/** A 4 × 4 grid of tiles, each a quarter circle, a half, a circle or a triangle. */
export function bauhaus(rng: Rng): Art {
  const size = 1000;
  const cells = 4;
  const c = size / cells;
  const palette = ['#e63946', '#f1c453', '#1d3557', '#2a9d8f', '#f4ecd8', '#111111'];
  let body = rect(0, 0, size, size, '#f4ecd8');
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const [x, y] = [col * c, row * c];
      const [back, front] = [
        pick(rng, palette),
        pick(
          rng,
          palette.filter((p) => p !== '#f4ecd8'),
        ),
      ];
      body += rect(x, y, c, c, back);
      const corner = below(rng, 4);
      const [cx, cy] = [x + (corner % 2) * c, y + Math.floor(corner / 2) * c];
      const shapes = [
        () =>
          path(
            `M${n(cx)},${n(cy)} L${n(x + c - (cx - x))},${n(cy)} A${c},${c} 0 0 ${corner === 1 || corner === 2 ? 0 : 1} ${n(cx)},${n(y + c - (cy - y))} Z`,
            front,
          ),
        () => circle(x + c / 2, y + c / 2, c * 0.36, front),
        () =>
          path(
            `M${n(x)},${n(y + c / 2)} A${c / 2},${c / 2} 0 0 ${corner % 2} ${n(x + c)},${n(y + c / 2)} Z`,
            front,
          ),
        () =>
          polygon(
            [
              [x, y + c],
              [x + c / 2, y],
              [x + c, y + c],
            ],
            front,
          ),
        () => rect(x + c * 0.2, y + c * 0.2, c * 0.6, c * 0.6, front),
      ];
      body += shapes[below(rng, shapes.length)]!();
    }
  }
  return picture(size, size, '', body);
}

/** Stacked waves, each a sine with its own phase, from deep blue to foam. */
export function tidalLines(rng: Rng): Art {
  const size = 1000;
  const waves = 26;
  let body = rect(0, 0, size, size, '#0b1f3a');
  for (let i = 0; i < waves; i++) {
    const base = 80 + (i * (size - 60)) / waves;
    const [amp, length, phase] = [
      between(rng, 12, 46),
      between(rng, 180, 420),
      rng() * Math.PI * 2,
    ];
    const points = Array.from({ length: 41 }, (_, k) => {
      const x = (k * size) / 40;
      return `${n(x)},${n(base + amp * Math.sin((x / length) * Math.PI * 2 + phase))}`;
    });
    const colour = mix('#1f6f9f', '#f2efe3', i / (waves - 1));
    body += path(
      `M0,${size} L${points.join(' L')} L${size},${size} Z`,
      colour,
      ' fill-opacity="0.9"',
    );
  }
  return picture(size, size, '', body);
}

/** A jittered triangle mosaic in jewel colours, leaded in dark lines, light from one corner. */
export function stainedGlass(rng: Rng): Art {
  const size = 1000;
  const grid = 9;
  const step = size / grid;
  const palette = ['#8e1b3a', '#c2362b', '#e8a13a', '#2f6e4f', '#1f4f8f', '#5a2d82', '#d9c46a'];
  const pts = Array.from({ length: grid + 1 }, (_, r) =>
    Array.from({ length: grid + 1 }, (_, c) => {
      const edge = r === 0 || c === 0 || r === grid || c === grid;
      const jitter = edge ? 0 : step * 0.32;
      return [
        c * step + between(rng, -jitter, jitter),
        r * step + between(rng, -jitter, jitter),
      ] as const;
    }),
  );
  const defs = radial(
    'light',
    [
      [0, '#ffffff', 0.35],
      [1, '#ffffff', 0],
    ],
    0.2,
    0.15,
    0.9,
  );
  let body = '';
  const lead = ' stroke="#1b1b1f" stroke-width="7" stroke-linejoin="round"';
  for (let r = 0; r < grid; r++) {
    for (let c = 0; c < grid; c++) {
      const [a, b, d, e] = [pts[r]![c]!, pts[r]![c + 1]!, pts[r + 1]![c]!, pts[r + 1]![c + 1]!];
      const halves =
        rng() < 0.5
          ? [
              [a, b, e],
              [a, e, d],
            ]
          : [
              [a, b, d],
              [b, e, d],
            ];
      for (const tri of halves) body += polygon(tri, pick(rng, palette), lead);
    }
  }
  return picture(size, size, defs, body + rect(0, 0, size, size, 'url(#light)'));
}

/** A small star system: orbits, planets lit from the star, a field of stars. */
export function orbits(rng: Rng): Art {
  const size = 1000;
  const [cx, cy] = [size / 2, size / 2];
  const defs =
    radial('space', [
      [0, '#1d1646'],
      [1, '#05040d'],
    ]) +
    radial('star', [
      [0, '#fff7d6'],
      [0.4, '#ffc94a'],
      [1, '#ff7a1a', 0],
    ]) +
    ['#4fb3bf', '#e07a5f', '#81b29a', '#f2cc8f', '#9d8df1']
      .map((c, i) =>
        radial(
          `p${i}`,
          [
            [0, mix(c, '#ffffff', 0.45)],
            [1, mix(c, '#000000', 0.55)],
          ],
          0.35,
          0.35,
          0.75,
        ),
      )
      .join('') +
    linear(
      'ring',
      [
        [0, '#ffffff', 0.1],
        [1, '#ffffff', 0.35],
      ],
      true,
    );
  let body = rect(0, 0, size, size, 'url(#space)');
  for (let i = 0; i < 160; i++)
    body += circle(
      below(rng, size),
      below(rng, size),
      between(rng, 0.5, 1.8),
      '#ffffff',
      ` fill-opacity="${n(between(rng, 0.2, 0.9))}"`,
    );
  body += circle(cx, cy, 120, 'url(#star)');
  for (let i = 0; i < 5; i++) {
    const radius = 150 + i * 70;
    const angle = rng() * Math.PI * 2;
    body += circle(cx, cy, radius, 'none', ' stroke="url(#ring)" stroke-width="1.5"');
    body += circle(
      cx + radius * Math.cos(angle),
      cy + radius * Math.sin(angle),
      10 + below(rng, 22),
      `url(#p${i})`,
    );
  }
  return picture(size, size, defs, body);
}
