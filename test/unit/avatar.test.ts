import { describe, expect, it } from 'vitest';
import {
  avatarAddress,
  avatarHash,
  cdnSize,
  defaultAvatarIndex,
  iconAddress,
  initials,
  pictureSrc,
} from '../../src/domain/avatar';
import { avatarImg, cardAvatar } from '../../src/web/avatar';

/** Issue 29 item 2: the pictures' addresses on Discord's CDN and the fallback, one rule each. */
const CDN = 'https://cdn.discordapp.com';
const USER = '80351110224678912';
const GUILD = '197038439483310086';
const H = 'a'.repeat(32);

describe('avatar addresses', () => {
  it.each([
    ['own avatar', { avatar: H, guildAvatar: null }, `${CDN}/avatars/${USER}/${H}`],
    [
      'server avatar first',
      { avatar: H, guildAvatar: `a_${'b'.repeat(32)}` },
      `${CDN}/guilds/${GUILD}/users/${USER}/avatars/a_${'b'.repeat(32)}`,
    ],
    ['none', { avatar: null, guildAvatar: null }, null],
    ['not a hash', { avatar: '../x', guildAvatar: 'ABC' }, null],
  ])('%s', (_, hashes, want) => {
    expect(avatarAddress(CDN, GUILD, { userId: USER, ...hashes })).toBe(want);
  });

  it('GIVEN a personal workspace THEN a server avatar means nothing', () => {
    expect(avatarAddress(CDN, null, { userId: USER, avatar: null, guildAvatar: H })).toBeNull();
  });

  it('GIVEN an icon THEN /icons/{guild}/{hash}; sizes are powers of two', () => {
    expect(iconAddress(CDN, GUILD, H)).toBe(`${CDN}/icons/${GUILD}/${H}`);
    expect(iconAddress(CDN, GUILD, null)).toBeNull();
    expect(iconAddress(CDN, null, H)).toBeNull();
    expect([cdnSize(1), cdnSize(16), cdnSize(17), cdnSize(48), cdnSize(96), cdnSize(9999)]).toEqual(
      [16, 16, 32, 64, 128, 4096],
    );
    expect(pictureSrc(`${CDN}/avatars/${USER}/${H}`, 'webp', 48)).toBe(
      `${CDN}/avatars/${USER}/${H}.webp?size=64`,
    );
    expect(avatarHash(`a_${H}`)).toBe(`a_${H}`);
    expect(avatarHash(H.toUpperCase())).toBeNull();
  });

  it('GIVEN a user id THEN Discord default avatar index (id >> 22) % 6; other ids stay in range', () => {
    // 80351110224678912 >> 22 = 19157197529, which is 5 modulo 6.
    expect(defaultAvatarIndex(USER)).toBe(5);
    expect(defaultAvatarIndex('175928847299117063')).toBe(
      Number((175928847299117063n >> 22n) % 6n),
    );
    for (const id of ['custom:Ann', 'team_1', '', 'ü']) {
      expect(defaultAvatarIndex(id)).toBeGreaterThanOrEqual(0);
      expect(defaultAvatarIndex(id)).toBeLessThan(6);
    }
  });

  it.each([
    ['robin hale', 1, 'R'],
    ['Chess Club', 2, 'CC'],
    ['  spaced   out ', 2, 'SO'],
    ['🎮 Gamer', 1, '🎮'],
    ['👩‍💻', 1, '👩‍💻'],
    ['中文名字', 2, '中'],
    ['', 1, ''],
  ] as const)('initials of %j (%i) are %j', (name, max, want) => {
    expect(initials(name, max)).toBe(want);
  });
});

describe('avatarImg', () => {
  it('GIVEN a picture THEN an img of its WebP at twice the size, sized, lazy, no referrer, empty alt', () => {
    const html = avatarImg(
      { id: `chat:${USER}`, name: 'Robin', avatar: `${CDN}/avatars/${USER}/${H}` },
      24,
    );
    expect(html).toMatch(/^<img /);
    for (const attr of [
      `src="${CDN}/avatars/${USER}/${H}.webp?size=64"`,
      'width="24"',
      'height="24"',
      'alt=""',
      'loading="lazy"',
      'referrerpolicy="no-referrer"',
    ])
      expect(html).toContain(attr);
  });

  it('GIVEN none THEN the initial on the colour of Discord default avatar, escaped, hidden from readers', () => {
    const html = avatarImg({ id: `chat:${USER}`, name: '<b>ob' }, 24);
    expect(html).toContain('class="avatar fallback c5"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('data-initial="&lt;"');
    expect(html).toMatch(/><\/span>$/); // no text: the name beside it is read, not the letter
    expect(avatarImg({ id: 'guild:1', name: 'Chess Club' }, 56, 'server')).toContain(
      'data-initial="CC"',
    );
  });

  it('GIVEN the card THEN the PNG address at its drawn size, and the same fallback', () => {
    expect(
      cardAvatar({ id: `chat:${USER}`, name: 'Robin', avatar: `${CDN}/avatars/${USER}/${H}` }),
    ).toEqual({
      url: `${CDN}/avatars/${USER}/${H}.png?size=32`,
      initial: 'R',
      colour: '#b3347d',
    });
    expect(cardAvatar({ id: 'custom:Ann', name: 'Ann' }).url).toBeNull();
  });
});
