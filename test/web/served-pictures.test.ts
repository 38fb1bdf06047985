import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { fetchPage } from './pages-app';
import { metaTag } from './read-html';
import { boardPath, clockFrom, custom, playerPath, playMatches } from './seed';

/** A PNG's size from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe(`the pictures a Tally serves for its links (${backendName})`, () => {
  let tally: TestTally;
  let board: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    board = await tally.board({
      ownerId: await tally.owner(),
      type: 'ELO',
      name: 'Ladder ♞ 棋',
      windowHours: 0,
    });
    await playMatches(tally.ctx, board, clockFrom('2026-11-01T12:00:00Z'), [
      [custom('Ann'), custom('محمد'), 'team1'],
      [custom('山田太郎'), custom('Ann'), 'team1'],
      [custom('Ann'), custom('Zoë 🎮'), 'draw'],
    ]);
  });
  afterAll(() => tally?.stop());

  /** What an unfurler does: read the page's og:image, then fetch it from this server. */
  async function unfurl(path: string) {
    const page = await tally.request('GET', path);
    expect(page.status, page.text).toBe(200);
    const image = new URL(metaTag(page.text, 'og:image')!);
    expect(image.origin).toBe(tally.config.publicUrl);
    const picture = await fetchPage(`${tally.url}${image.pathname}${image.search}`);
    return { page, picture };
  }

  it('GIVEN a board page as the server serves it THEN its og:image is a real 1200×630 PNG card', async () => {
    const { page, picture } = await unfurl(boardPath(board));
    expect(picture.status, picture.text).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(pngSize(picture.bytes)).toEqual({ width: 1200, height: 630 });
    expect(metaTag(page.text, 'og:image:width')).toBe('1200');
    expect(metaTag(page.text, 'og:image:height')).toBe('630');
  });

  it('GIVEN a player page as the server serves it THEN its og:image is a real 1200×600 PNG chart', async () => {
    const { page, picture } = await unfurl(playerPath(board, 'custom:Ann'));
    expect(picture.status, picture.text).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(pngSize(picture.bytes)).toEqual({ width: 1200, height: 600 });
    expect(metaTag(page.text, 'og:image:height')).toBe('600');
  });
});
