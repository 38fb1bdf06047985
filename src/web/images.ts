import type { Request, RequestHandler, Response } from 'express';
import type { Board } from '../../entities/board';
import { notFound } from '../domain/errors';
import { parsePlayerId } from '../domain/player-id';
import { queryValue } from '../http/params';
import type { Language } from '../domain/i18n';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { playerProfile } from '../pipeline/profile';
import { seasonOf } from '../pipeline/seasons';
import { picturedBoard, wholeQuery } from './boards';
import type { PageDeps } from './deps';
import { contestCard, contestSeasonCard, galleryData } from './contest-pictures';
import { about } from './error-page';
import { pageLanguage } from './locale';
import { boardCard, playerChart, seasonCard, type Picture } from './pictures';
import { MAX_AGE, sendPng, sendText } from './respond';

/**
 * The pictures a shared link unfurls as (og:image): a board's card (a Rating board's shows its
 * contest's top entries) and a player's chart, PNG from the renderer, named by a hash of what they
 * show (pictures.ts), in the page's language. A client holding the
 * current one gets a 304 before anything is rendered. When the renderer fails or takes too
 * long, the answer is a 503 in text; the pages never wait for a picture.
 */
export function cardImage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const number = wholeQuery(req, 'season');
    const board = await picturedBoard(ctx, String(req.params.ownerId), String(req.params.boardId));
    if (board.type === 'Rating') {
      await contestImage(ctx, deps, req, res, board, number);
      return;
    }
    const language = byLanguage(req, res);
    let picture;
    if (number === undefined) {
      picture = await boardCard(ctx, board, undefined, language);
    } else {
      about(res, 'Season');
      picture = await seasonCard(
        ctx,
        board,
        await seasonOf(ctx, board, number),
        undefined,
        language,
      );
    }
    await send(req, res, deps, picture, (r) =>
      r.card(`card:${board.pk}:${picture.version}`, picture.data),
    );
  };
}

/** A Rating board's card: its top entries' thumbnails (contest-pictures.ts). */
async function contestImage(
  ctx: Context,
  deps: PageDeps,
  req: Request,
  res: Response,
  board: Board,
  number: number | undefined,
): Promise<void> {
  const language = byLanguage(req, res);
  let picture;
  if (number === undefined) {
    picture = await contestCard(ctx, board, undefined, language);
  } else {
    about(res, 'Season');
    const season = await seasonOf(ctx, board, number);
    picture = await contestSeasonCard(ctx, board, season, undefined, language);
  }
  await send(req, res, deps, picture, async (r) =>
    r.gallery(`gallery:${board.pk}:${picture.version}`, await galleryData(ctx, picture.data)),
  );
}

export function chartImage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const board = await picturedBoard(ctx, String(req.params.ownerId), String(req.params.boardId));
    about(res, 'Player');
    const playerId = parsePlayerId(String(req.params.playerId), 'player');
    const picture = playerChart(await playerProfile(ctx, board, playerId), byLanguage(req, res));
    // eslint-disable-next-line tally/user-text -- a picture's fault, read by programs and <img>, not members
    if (!picture) throw notFound('This player has no history to chart yet');
    await send(req, res, deps, picture, (r) =>
      r.chart(`chart:${board.pk}:${picture.version}`, picture.data),
    );
  };
}

/**
 * The language a picture is drawn in (issue 32): the page's (`?lang=`, the `tally_lang` cookie,
 * Accept-Language), so the answer varies by those. Its version, the ETag, hashes the picture's
 * data, which holds the language and its words: a German picture has an ETag of its own.
 */
function byLanguage(req: Request, res: Response): Language {
  res.vary('Accept-Language');
  res.vary('Cookie');
  return pageLanguage(req);
}

async function send<T>(
  req: Request,
  res: Response,
  deps: PageDeps,
  picture: Picture<T>,
  render: (renderer: NonNullable<PageDeps['renderer']>) => Promise<Buffer>,
): Promise<void> {
  const { renderer } = deps;
  if (!renderer) {
    // eslint-disable-next-line tally/user-text -- a picture's fault, read by programs and <img>, not members
    unavailable(res, 'Pictures are not set up on this server');
    return;
  }
  // A link that names this very content (?v=…) may be kept for a day.
  const named = queryValue(req, 'v') === picture.version;
  try {
    await sendPng(req, res, picture.version, named ? MAX_AGE.versioned : MAX_AGE.image, () =>
      withTimeout(render(renderer), deps.renderTimeoutMs),
    );
  } catch (err) {
    log.warn('picture failed', { requestId: res.locals.requestId, path: req.path, err });
    // eslint-disable-next-line tally/user-text -- a picture's fault, read by programs and <img>, not members
    unavailable(res, 'The picture could not be made just now; try again in a minute');
  }
}

function unavailable(res: Response, text: string): void {
  res.setHeader('Retry-After', '60');
  sendText(res, 503, text);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no picture after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
