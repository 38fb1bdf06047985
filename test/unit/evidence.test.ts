import { describe, expect, it } from 'vitest';
import { TallyError } from '../../src/domain/errors';
import { declineReason, evidenceFile, evidenceLink } from '../../src/domain/evidence';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    if (err instanceof TallyError) return err.detail;
    throw err;
  }
  return null;
};

describe('evidence links', () => {
  it.each([
    ['https://youtu.be/abc?t=3', 'https://youtu.be/abc?t=3'],
    ['  http://example.com/run  ', 'http://example.com/run'],
    [`https://x.example/${'a'.repeat(480)}`, `https://x.example/${'a'.repeat(480)}`],
  ])('GIVEN %j THEN it is kept as %j', (typed, kept) => {
    expect(evidenceLink(typed)).toBe(kept);
  });

  it.each([
    ['javascript:alert(1)', /only http/],
    ['ftp://files.example/a.mp4', /only http/],
    ['data:text/html,hi', /only http/],
    ['youtube.com/watch', /full web address/],
    ['https://a.example/x y', /no spaces/],
    [`https://x.example/${'a'.repeat(490)}`, /at most 500/],
  ])('GIVEN %j THEN it is refused, saying why', (typed, why) => {
    expect(refusal(() => evidenceLink(typed))).toMatch(why);
  });
});

describe('evidence files', () => {
  it.each([
    [{ contentType: 'image/png', width: 640 }, 'image'],
    [{ contentType: 'IMAGE/JPEG', width: null }, 'image'],
    [{ contentType: null, width: 640 }, 'image'],
    [{ contentType: 'video/mp4', width: 1280 }, 'file'],
    [{ contentType: 'text/plain', width: null }, 'file'],
    [{ contentType: null, width: null }, 'file'],
  ] as const)('GIVEN %j THEN it is kept as an %s', (file, kind) => {
    expect(evidenceFile({ url: 'https://cdn.example/a', ...file }).fileKind).toBe(kind);
  });

  it('GIVEN an address longer than the column THEN the file is refused', () => {
    const url = `https://cdn.example/${'a'.repeat(1000)}`;
    expect(refusal(() => evidenceFile({ url, contentType: null, width: null }))).toMatch(/rename/);
  });
});

describe('decline reasons', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['   ', null],
    [' wrong opponent ', 'wrong opponent'],
    ['é'.repeat(300), 'é'.repeat(300)],
  ])('GIVEN %j THEN the reason is %j', (typed, reason) => {
    expect(declineReason(typed)).toBe(reason);
  });

  it('GIVEN 301 characters THEN it is refused', () => {
    expect(refusal(() => declineReason('x'.repeat(301)))).toMatch(/at most 300/);
  });
});
