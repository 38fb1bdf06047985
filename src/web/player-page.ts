import { avatarImg, playerAvatar } from './avatar';
import type { RequestHandler } from 'express';
import type { Board } from '../../entities/board';
import { TallyError } from '../domain/errors';
import { parsePlayerId } from '../domain/player-id';
import { queryValue } from '../http/params';
import type { Season } from '../domain/season';
import type { Context } from '../pipeline/context';
import { playerScoresPage } from '../pipeline/player-history';
import { headToHead, playerProfile, type HeadToHead, type Profile } from '../pipeline/profile';
import { runningSeason } from '../pipeline/season-reads';
import { authorHtml } from './author-page';
import { crumbs, publicBoard, sendBoardPage } from './boards';
import type { PageDeps } from './deps';
import { about } from './error-page';
import {
  bdi,
  boardName,
  documentHtml,
  escapeHtml,
  link,
  PICTURE_SIZE,
  shareImage,
  type Html,
} from './html';
import { playerChart } from './pictures';
import {
  chartFigure,
  headToHeadSection,
  profileStats,
  scoreHistory,
  summaryText,
} from './player-view';
import { allowLiveScript, liveClaim, liveScript, liveStreamPath } from './live';
import { playedMatches } from './matches-view';
import { MAX_AGE } from './respond';
import { t, type Language } from '../domain/i18n';
import { pageFrame } from './locale';
import type { PageFrame } from './html';

/**
 * A player's page on a board: rank of N, value, peak, record, streaks, the value over the
 * season as inline SVG, the last matches with links to the opponents, and head to head with
 * another player (?vs=<player id>, picked from recent opponents by a form that needs no script).
 * A malformed player id is a 400 page (the API's status for one), an unknown player a 404. On
 * a Rating board it is the member's contest entries instead (author-page.ts).
 */
export function playerPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const vsRaw = queryValue(req, 'vs');
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    about(res, 'Player');
    const playerId = parsePlayerId(String(req.params.playerId), 'player');
    const vs = vsRaw === undefined || vsRaw === '' ? undefined : parsePlayerId(vsRaw, 'vs');
    if (vs === playerId) {
      const said = { key: 'web.detail.vsOther' } as const;
      throw new TallyError('invalid_request', 'vs must name another player', { status: 400, said });
    }
    const frame = pageFrame(req);
    const lang = frame.lang;
    if (board.type === 'Rating') {
      const top = await crumbs(ctx, board, deps.links, true, lang);
      const html = await authorHtml(ctx, board, playerId, top, deps, frame);
      sendBoardPage(req, res, board, html, MAX_AGE.live);
      return;
    }
    const profile = await playerProfile(ctx, board, playerId);
    const h2h = vs === undefined ? null : await headToHead(ctx, board, playerId, vs);
    const pieces = {
      top: await crumbs(ctx, board, deps.links, true, lang),
      season: await runningSeason(ctx, board),
      other: h2h ? await profileOrNull(ctx, board, h2h.b.id) : null,
      history: await historyHtml(ctx, board, profile, deps, lang),
      avatar: await playerAvatar(ctx, board.ownerId, playerId),
      frame,
    };
    allowLiveScript(res);
    sendBoardPage(req, res, board, pageHtml(board, profile, h2h, pieces, deps), MAX_AGE.live);
  };
}

/** The other player of a head to head, side by side; null if they have nothing on this board. */
async function profileOrNull(ctx: Context, board: Board, playerId: string) {
  try {
    return await playerProfile(ctx, board, playerId);
  } catch (err) {
    if (err instanceof TallyError && err.code === 'not_found') return null;
    throw err;
  }
}

/** Shown on the profile; the rest on the "All matches" / "All submissions" pages. */
const LATEST = 10;

/** The player's latest matches, or on a score board their latest submissions, and a way to all. */
async function historyHtml(
  ctx: Context,
  board: Board,
  profile: Profile,
  deps: PageDeps,
  lang: Language,
) {
  const { links } = deps;
  const id = profile.player.id;
  const say = (key: Parameters<typeof t>[1]) => escapeHtml(t(lang, key));
  if (profile.record !== null) {
    const all =
      profile.recent.length >= LATEST
        ? `<p class="more">${link(links.playerHistory(board, id, 'matches'), say('web.matches.all'))}</p>`
        : '';
    return `<h2>${say('web.player.lastMatches')}</h2>\n${playedMatches(board, profile.recent, links, lang)}\n${all}`;
  }
  const page = await playerScoresPage(ctx, board, id, { limit: LATEST });
  const all = page.nextCursor
    ? `<p class="more">${link(links.playerHistory(board, id, 'submissions'), say('web.submissions.all'))}</p>`
    : '';
  return `<h2>${say('web.submissions.heading')}</h2>\n${scoreHistory(board, page.scores, lang)}\n${all}`;
}

function pageHtml(
  board: Board,
  profile: Profile,
  h2h: HeadToHead | null,
  frame: {
    top: Html;
    season: Season | null;
    other: Profile | null;
    history: Html;
    avatar: string | null;
    frame: PageFrame;
  },
  deps: PageDeps,
): Html {
  const { links } = deps;
  const lang = frame.frame.lang;
  const name = profile.player.name || profile.player.id;
  const chart = playerChart(profile);
  const title = h2h
    ? t(lang, 'web.player.versusTitle', {
        name,
        other: h2h.b.name || h2h.b.id,
        board: boardName(board),
      })
    : `${name} — ${boardName(board)}`;
  const figure = chart ? chartFigure(board, chart.data, frame.season, lang) : '';
  const versus = headToHeadSection(profile, h2h, links, frame.other, lang);
  // Asked for (?vs=), head to head comes first, on a phone's first screen; else after the chart.
  const middle = h2h ? `${versus}\n${figure}` : `${figure}\n${versus}`;
  const players = h2h ? [profile.player.id, h2h.b.id] : [profile.player.id];
  const stream = liveStreamPath(links, board, { players });
  const image = shareImage(
    board,
    chart && deps.renderer ? links.chartUrl(board, profile.player.id, { v: chart.version }) : null,
  );
  return documentHtml(
    title,
    `${frame.top}
<h1 class="with-avatar">${avatarImg({ ...profile.player, avatar: frame.avatar }, 48)}${bdi(name)}</h1>
<p class="meta">${escapeHtml(rankLine(profile, lang))} · ${liveClaim(stream, lang)}</p>
${profileStats(profile, lang)}
${middle}
${frame.history}
${liveScript()}`,
    {
      title,
      description: summaryText(profile, h2h, lang),
      url: links.playerUrl(board, profile.player.id, { vs: h2h?.b.id }),
      image,
      imageAlt: t(
        lang,
        board.type === 'ELO' ? 'web.player.chartAltRating' : 'web.player.chartAlt',
        {
          name,
        },
      ),
      imageSize: PICTURE_SIZE.chart,
    },
    '',
    frame.frame,
  );
}

/** "#2 of 14 on Ladder", or why there is no rank. */
export function rankLine(profile: Profile, lang: Language = 'en'): string {
  const board = boardName(profile.board);
  if (profile.rank === null) return t(lang, 'web.player.unrankedOn', { board });
  return t(lang, 'web.player.rankOn', { rank: profile.rank, of: profile.of, board });
}
