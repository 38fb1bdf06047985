import { Router, type RequestHandler } from 'express';
import type { Scope } from '../../domain/scopes';
import type { Context } from '../../pipeline/context';
import { requireScope } from '../middleware/scope';
import { jsonBody } from '../middleware/json-body';
import { getBoard, listBoards } from './boards';
import { getEntry, listEntries } from './entries';
import { getMatch, listMatches } from './matches';
import { getSubmission } from './submissions';
import { postWrite } from './writes';

interface Operation {
  method: 'get' | 'post';
  path: string;
  scope: Scope;
  handler: RequestHandler | RequestHandler[];
}

/** The endpoint table of spec 4, one line per operation. */
function operations(ctx: Context): Operation[] {
  return [
    { method: 'get', path: '/boards', scope: 'boards:read', handler: listBoards(ctx) },
    { method: 'get', path: '/boards/:board', scope: 'boards:read', handler: getBoard(ctx) },
    {
      method: 'get',
      path: '/boards/:board/entries',
      scope: 'entries:read',
      handler: listEntries(ctx),
    },
    {
      method: 'get',
      path: '/boards/:board/entries/:player_id',
      scope: 'entries:read',
      handler: getEntry(ctx),
    },
    {
      method: 'get',
      path: '/boards/:board/matches',
      scope: 'matches:read',
      handler: listMatches(ctx),
    },
    {
      method: 'get',
      path: '/boards/:board/matches/:match_id',
      scope: 'matches:read',
      handler: getMatch(ctx),
    },
    {
      method: 'post',
      path: '/boards/:board/matches',
      scope: 'matches:write',
      handler: [...jsonBody, postWrite(ctx, 'match')],
    },
    {
      method: 'post',
      path: '/boards/:board/scores',
      scope: 'scores:write',
      handler: [...jsonBody, postWrite(ctx, 'score')],
    },
    {
      method: 'get',
      path: '/submissions/:handle',
      scope: 'boards:read',
      handler: getSubmission(ctx),
    },
  ];
}

export function v1Routes(ctx: Context): Router {
  return addV1Routes(Router({ strict: false }), ctx);
}

/** The operations added to `router` itself (createApp: one router less on every request). */
export function addV1Routes(router: Router, ctx: Context): Router {
  for (const op of operations(ctx)) {
    const handlers = Array.isArray(op.handler) ? op.handler : [op.handler];
    router[op.method](op.path, requireScope(op.scope, op.method !== 'get'), ...handlers);
  }
  return router;
}
