import { below, between, type Rng } from '../random';
import {
  circle,
  linear,
  mix,
  n,
  path,
  picture,
  polygon,
  rect,
  ridge,
  underRidge,
  type Art,
} from './svg';

/** Landscapes for the demo's contest: skies by gradient, land by ridge lines. */

/** Ranges fading into the dawn, mirrored in a still lake. */
export function alpineLake(rng: Rng): Art {
  const [w, h, shore] = [1200, 800, 520];
  const defs =
    linear('sky', [
      [0, '#9fc4e8'],
      [0.6, '#f6d3c4'],
      [1, '#ffe6c7'],
    ]) +
    linear('lake', [
      [0, '#b8cde0'],
      [1, '#40607e'],
    ]);
  let land = '';
  let mirror = '';
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const ys = ridge(rng, 250 + i * 75, 110 - i * 18, 7, 0.52 + i * 0.03);
    const colour = mix('#a9b7d0', '#2d3f4f', i / (layers - 1));
    land += path(
      underRidge(
        ys.map((y) => Math.min(y, shore)),
        w,
        shore,
      ),
      colour,
    );
    mirror += path(
      underRidge(
        ys.map((y) => Math.min(y, shore)),
        w,
        shore,
      ),
      colour,
      ' fill-opacity="0.55"',
    );
  }
  let body =
    rect(0, 0, w, h, 'url(#sky)') +
    circle(240 + below(rng, 300), 170, 46, '#fff4dc', ' fill-opacity="0.9"');
  body += land + rect(0, shore, w, h - shore, 'url(#lake)');
  body += `<g transform="translate(0 ${2 * shore}) scale(1 -1)">${mirror}</g>`;
  for (let i = 0; i < 40; i++) {
    body += rect(
      below(rng, w),
      shore + 8 + below(rng, h - shore),
      between(rng, 30, 160),
      1.5,
      '#e8f1fa',
      ' fill-opacity="0.35"',
    );
  }
  return picture(w, h, defs, body);
}

/** Rows of pines, each further row paler behind the morning fog. */
export function foggyForest(rng: Rng): Art {
  const [w, h] = [1200, 800];
  const defs =
    linear('sky', [
      [0, '#d9e2dc'],
      [1, '#f2efe6'],
    ]) +
    linear('fog', [
      [0, '#f2efe6', 0],
      [1, '#f2efe6', 0.85],
    ]);
  let body = rect(0, 0, w, h, 'url(#sky)');
  const rows = 5;
  for (let r = 0; r < rows; r++) {
    const base = 360 + r * 95;
    const colour = mix('#b9c8bd', '#1f3a2c', r / (rows - 1));
    const size = 60 + r * 22;
    let trees = '';
    for (let x = -40; x < w + 40; x += size * between(rng, 0.3, 0.9)) {
      const tall = size * between(rng, 1.3, 2.1);
      trees += polygon(
        [
          [x - size / 3, base],
          [x, base - tall],
          [x + size / 3, base],
        ],
        colour,
      );
    }
    body += trees + rect(0, base, w, h - base, colour);
    if (r < rows - 1) body += rect(0, base - 120, w, 130, 'url(#fog)');
  }
  return picture(w, h, defs, body);
}

/** Dunes at midday, a pale sun and the shadowed flanks; portrait. */
export function desertDunes(rng: Rng): Art {
  const [w, h] = [800, 1000];
  const defs = linear('sky', [
    [0, '#5fa8d9'],
    [1, '#f7dcae'],
  ]);
  let body = rect(0, 0, w, h, 'url(#sky)') + circle(560 + below(rng, 120), 180, 58, '#fff6dd');
  const dunes = 5;
  for (let i = 0; i < dunes; i++) {
    const top = 430 + i * 120 + below(rng, 40);
    const crest = between(rng, 120, w - 120);
    const lit = mix('#f2c98a', '#c97a3e', i / dunes);
    const shade = mix('#d9a066', '#8e4b25', i / dunes);
    body += path(
      `M0,${n(top + 60)} Q${n(crest / 2)},${n(top - 50)} ${n(crest)},${n(top)} Q${n((crest + w) / 2)},${n(top + 40)} ${w},${n(top + 70)} L${w},${h} L0,${h} Z`,
      lit,
    );
    body += path(
      `M${n(crest)},${n(top)} Q${n(crest + 60)},${n(top + 120)} ${n(crest - 90)},${h} L${n(crest + 260)},${h} Q${n((crest + w) / 2)},${n(top + 60)} ${n(crest)},${n(top)} Z`,
      shade,
      ' fill-opacity="0.55"',
    );
  }
  return picture(w, h, defs, body);
}
