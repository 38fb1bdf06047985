import { DEFAULT_AVATAR_COLOURS } from '../domain/avatar';

/** The pictures' rules, part of the pages' one stylesheet (style.ts); drawn by avatar.ts. */
export const AVATAR_STYLE = `
  .avatar {
    display: inline-block; flex: none; width: var(--avatar); height: var(--avatar);
    border-radius: 50%; vertical-align: middle; object-fit: cover; background: var(--frame);
  }
  .avatar.server { border-radius: 30%; }
  .avatar.fallback {
    display: inline-flex; align-items: center; justify-content: center; overflow: hidden;
    color: #fff; font-weight: 700; font-size: calc(var(--avatar) * 0.45); line-height: 1;
    user-select: none; overflow-wrap: normal;
  }
  .avatar.fallback::before { content: attr(data-initial); }
${DEFAULT_AVATAR_COLOURS.map((c, i) => `  .avatar.c${i} { background: ${c}; }`).join('\n')}
  .with-avatar { display: flex; align-items: center; gap: 0.5em; min-width: 0; max-width: 100%; }
  .with-avatar > :not(.avatar) { min-width: 0; }
  .podium .avatar { display: flex; margin: 0.35rem auto; }
`;
