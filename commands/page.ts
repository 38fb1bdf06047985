import type { ComponentHandler } from '../src/bot/command';
import { LEGACY_PAGE_PREFIXES, PAGE_PREFIX, parsePageButton } from '../src/bot/page-button';
import { pageOf } from '../src/bot/pages';
import { refuse } from '../src/bot/replies';
import { t } from '../src/domain/i18n';
import { ownerOf, requireManageServer } from '../src/bot/workspace';

/**
 * First / Next under every paged message (src/bot/page-button.ts): the page is read again for
 * the presser's own workspace and redrawn in place; a board or season that is not theirs (any
 * more) is refused, nothing shown. Key lists need Manage Server, as /api key list does.
 */
export const page = {
  prefixes: [PAGE_PREFIX, ...LEGACY_PAGE_PREFIXES],
  async execute(interaction, ctx) {
    const at = parsePageButton(interaction.customId);
    const { locale } = interaction;
    if (!at) return refuse(interaction, t(locale, 'common.buttons.notAPage'));
    if (at.list === 'keys') requireManageServer(interaction, { action: 'managingKeys' });
    // The page is redrawn in the language of whoever pressed: they asked for it.
    const shown = await pageOf(ctx, ownerOf(interaction), at, locale);
    if (!shown) {
      const gone = at.list === 'archive' ? 'seasonGone' : 'boardGone';
      return refuse(interaction, t(locale, `common.buttons.${gone}`));
    }
    // `attachments` lists what the page keeps: only its own files (a later contest page drops
    // the first page's picture, which no embed would show any more).
    await interaction.update({ ...shown, attachments: [], allowedMentions: { parse: [] } });
  },
} satisfies ComponentHandler;
