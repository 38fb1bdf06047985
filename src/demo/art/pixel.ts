import { below, pick, type Rng } from '../random';
import { linear, mix, picture, polygon, rect, type Art } from './svg';

/** Pixel-art and voxel "builds" for the demo's contest: every shape is whole cells. */

/** Draws cells of `size` px from rows of characters, each mapped to a colour ('.' is empty). */
function cells(
  rows: readonly string[],
  colours: Record<string, string>,
  size: number,
  ox = 0,
  oy = 0,
) {
  let out = '';
  rows.forEach((row, y) => {
    // Runs of one colour are one rect, so a picture of thousands of cells stays a small SVG.
    for (let x = 0; x < row.length;) {
      const ch = row[x]!;
      let run = 1;
      while (row[x + run] === ch) run++;
      if (ch !== '.')
        out += rect(ox + x * size, oy + y * size, run * size, size, colours[ch] ?? '#ff00ff');
      x += run;
    }
  });
  return out;
}

/** A castle on a hill: towers with crenellations, flags, a gate, clouds. 64 × 48 cells. */
export function pixelCastle(rng: Rng): Art {
  const [cols, rowsCount, s] = [64, 48, 16];
  const grid = Array.from({ length: rowsCount }, () => Array<string>(cols).fill('.'));
  const fill = (x0: number, y0: number, x1: number, y1: number, ch: string) => {
    for (let y = Math.max(0, y0); y < Math.min(rowsCount, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(cols, x1); x++) grid[y]![x] = ch;
  };
  for (let c = 0; c < 3; c++) {
    const [x, y] = [4 + c * 20 + below(rng, 8), 3 + below(rng, 8)];
    fill(x, y, x + 9, y + 2, 'c');
    fill(x + 2, y - 1, x + 7, y, 'c');
  }
  const phase = rng() * 6;
  // A hill under the castle: the ground rises to its foot everywhere between the towers.
  for (let x = 0; x < cols; x++) {
    const top = 40 - Math.round(3 * Math.sin(x / 9 + phase));
    fill(x, x >= 10 && x < 54 ? Math.min(top, 38) : top, x + 1, rowsCount, 'g');
  }
  fill(0, 44, cols, rowsCount, 'd');
  fill(16, 24, 48, 38, 'w');
  for (let x = 16; x < 48; x += 2) fill(x, 22, x + 1, 24, 'w');
  for (const tx of [12, 27, 44]) {
    const top = tx === 27 ? 10 : 16;
    fill(tx, top, tx + 8, 38, 's');
    for (let x = tx; x < tx + 8; x += 2) fill(x, top - 2, x + 1, top, 's');
    fill(tx + 3, top + 4, tx + 5, top + 7, 'k');
    fill(tx + 4, top - 8, tx + 5, top - 2, 'k');
    fill(tx + 5, top - 8, tx + 9, top - 5, pick(rng, ['r', 'b', 'y']));
  }
  fill(29, 30, 35, 38, 'k');
  fill(30, 29, 34, 30, 'k');
  const colours = {
    c: '#ffffff',
    g: '#4caf50',
    d: '#2e7d32',
    w: '#9e9e9e',
    s: '#bdbdbd',
    k: '#37474f',
    r: '#e53935',
    b: '#1e88e5',
    y: '#fdd835',
  };
  const defs = linear('sky', [
    [0, '#4fc3f7'],
    [1, '#b3e5fc'],
  ]);
  const body =
    rect(0, 0, cols * s, rowsCount * s, 'url(#sky)') +
    cells(
      grid.map((r) => r.join('')),
      colours,
      s,
    );
  return picture(cols * s, rowsCount * s, defs, body);
}

/** A mushroom cottage: a spotted cap for a roof, a round door, a path. 40 × 40 cells. */
export function mushroomCottage(rng: Rng): Art {
  const s = 24;
  const rows = [
    ...Array(6).fill('.'.repeat(40)),
    '...............rrrrrrrrrr...............',
    '...........rrrrrrrrrrrrrrrrrr...........',
    '.........rrrrwwrrrrrrrrrrwwrrrr.........',
    '.......rrrrrrwwrrrrrrrrrrwwrrrrrr.......',
    '......rrrrrrrrrrrrrwwwrrrrrrrrrrrr......',
    '.....rrrwwrrrrrrrrrwwwrrrrrrrrwwrrr.....',
    '....rrrrwwrrrrrrrrrrrrrrrrrrrrwwrrrr....',
    '....rrrrrrrrrrrwwrrrrrrrrrrrrrrrrrrr....',
    '...rrrrrrrrrrrrwwrrrrrrrrwwwrrrrrrrrr...',
    '...RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...',
    '.........cccccccccccccccccccccc.........',
    '.........cccccccccccccccccccccc.........',
    '.........ccbbbbcccccccccccbbbbc.........',
    '.........ccbyybccccooooccbyybcc.........',
    '.........ccbyybcccoooooocbyybcc.........',
    '.........ccbbbbcccoooooocbbbbcc.........',
    '.........cccccccccoooooocccccccc........',
    '.........cccccccccooooqocccccccc........',
    '.........cccccccccoooooocccccccc........',
    '.........cccccccccoooooocccccccc........',
  ];
  const grass = Array.from({ length: 40 - rows.length }, (_, y) =>
    Array.from({ length: 40 }, (_, x) =>
      Math.abs(x - 21) < 3 + y ? 'p' : rng() < 0.12 ? 'f' : 'g',
    ).join(''),
  );
  const colours = {
    r: '#d7263d',
    R: '#9e1b2c',
    w: '#fdf6e3',
    c: '#efe2c4',
    b: '#6d4c41',
    y: '#ffe082',
    o: '#8d6e63',
    q: '#ffca28',
    g: '#66bb6a',
    f: '#ffeb3b',
    p: '#bcaaa4',
  };
  const defs = linear('sky', [
    [0, '#ffd1dc'],
    [1, '#c5e8ff'],
  ]);
  const body = rect(0, 0, 40 * s, 40 * s, 'url(#sky)') + cells([...rows, ...grass], colours, s);
  return picture(40 * s, 40 * s, defs, body);
}

/** A voxel tower: isometric cubes stacked in tiers, each face its own shade. */
export function voxelTower(rng: Rng): Art {
  const size = 1000;
  const [u, cx, ground] = [34, size / 2, 780];
  const palette = ['#e76f51', '#f4a261', '#e9c46a', '#2a9d8f', '#8ab17d'];
  const cube = (x: number, y: number, z: number, colour: string) => {
    const px = cx + (x - y) * u;
    const py = ground - (x + y) * u * 0.5 - z * u;
    const top = [
      [px, py - u],
      [px + u, py - u * 0.5],
      [px, py],
      [px - u, py - u * 0.5],
    ] as const;
    const left = [
      [px - u, py - u * 0.5],
      [px, py],
      [px, py + u],
      [px - u, py + u * 0.5],
    ] as const;
    const right = [
      [px, py],
      [px + u, py - u * 0.5],
      [px + u, py + u * 0.5],
      [px, py + u],
    ] as const;
    return (
      polygon(top, mix(colour, '#ffffff', 0.3)) +
      polygon(left, colour) +
      polygon(right, mix(colour, '#000000', 0.3))
    );
  };
  const blocks: [number, number, number, string][] = [];
  for (let z = 0; z < 12; z++) {
    const r = Math.max(1, 4 - Math.floor(z / 3));
    const colour = palette[Math.floor(z / 3) % palette.length]!;
    for (let x = -r; x <= r; x++)
      for (let y = -r; y <= r; y++)
        if (Math.abs(x) === r || Math.abs(y) === r || rng() < 0.2) blocks.push([x, y, z, colour]);
  }
  // Painter's order: far first (larger x + y), then low before high.
  blocks.sort((a, b) => b[0] + b[1] - (a[0] + a[1]) || a[2] - b[2]);
  const defs = linear('sky', [
    [0, '#264653'],
    [1, '#a8dadc'],
  ]);
  return picture(
    size,
    size,
    defs,
    rect(0, 0, size, size, 'url(#sky)') + blocks.map(([x, y, z, c]) => cube(x, y, z, c)).join(''),
  );
}
