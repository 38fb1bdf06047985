import { describe, expect, it } from 'vitest';
import { describeContents, type BoardContents } from '../../src/domain/board-deletion';

const none: BoardContents = {
  entries: 0,
  matches: 0,
  scores: 0,
  seasons: 0,
  contestEntries: 0,
  evidenceImages: 0,
};

describe('describeContents (what deleting a board takes, in words)', () => {
  it.each<[Partial<BoardContents>, string]>([
    [{}, 'nothing recorded yet'],
    [{ entries: 1 }, '1 entry'],
    [{ entries: 12, matches: 40, seasons: 2 }, '12 entries, 40 matches, 2 seasons'],
    [{ matches: 1, seasons: 1 }, '1 match, 1 season'],
    [{ scores: 3, entries: 2 }, '2 entries, 3 scores'],
    [{ contestEntries: 1 }, '1 contest entry'],
    [{ contestEntries: 5, seasons: 1 }, '1 season, 5 contest entries'],
    [{ evidenceImages: 1 }, '1 evidence image'],
    [{ matches: 2, evidenceImages: 2 }, '2 matches, 2 evidence images'],
  ])('%o → %s', (counts, text) => {
    expect(describeContents({ ...none, ...counts })).toBe(text);
  });
});
