import { invalidFormBody } from './form-errors';
import { LIMITS } from './limits';
import type { ReadBody } from './multipart';
import type { Operation } from './openapi';
import type { Reply } from './types';

/**
 * Discord's rules for a multipart/form-data body beyond what its payload's schema says (docs:
 * Reference, "Uploading Files"; Create Message, "Limitations"; JSON error codes 30015, 40005,
 * 50035): only the operations the description gives a multipart body take one, a file may be
 * 10 MiB and a request 25 MiB, a message carries at most 10 files.
 */

/** A rule the body breaks: the violation's line, and Discord's refusal (none: it is accepted). */
export interface UploadFault {
  line: string;
  refusal?: Reply;
}

/** 413 (40005), which Discord answers a file over its size limit or a request over 25 MiB. */
export const TOO_LARGE: Reply = {
  status: 413,
  body: { code: 40005, message: 'Request entity too large' },
};
export const TOO_MANY_FILES: Reply = {
  status: 400,
  body: { code: 30015, message: 'Maximum number of attachments in a message reached (10)' },
};

/**
 * Before the payload is read: a form that cannot be read or that the operation does not take
 * (error 50035 covers "invalid Content-Type provided"; the field error's wording is a guess),
 * or one too large to be taken at all.
 */
export function formFault(op: Operation, read: ReadBody, size: number): UploadFault | undefined {
  const content = (op.operation.requestBody as { content?: object } | undefined)?.content ?? {};
  if (!('multipart/form-data' in content)) {
    return {
      line: 'takes no multipart/form-data body',
      refusal: invalidFormBody([
        {
          at: [],
          code: 'CONTENT_TYPE_INVALID',
          message: `Expected "Content-Type" header to be one of {'application/json'}.`,
        },
      ]),
    };
  }
  if (read.unreadable) {
    return {
      line: 'is not a readable multipart/form-data body',
      refusal: invalidFormBody([
        { at: [], code: 'BASE_TYPE_INVALID', message: 'Invalid form body' },
      ]),
    };
  }
  const files = read.files ?? [];
  const big = files.find((f) => f.data.length > LIMITS.attachmentSize);
  if (big) {
    const what = `${big.field} (${big.filename}) is ${big.data.length} bytes`;
    return { line: `${what}, over ${MIB(LIMITS.attachmentSize)}`, refusal: TOO_LARGE };
  }
  if (size > LIMITS.requestSize) {
    return {
      line: `the request is ${size} bytes, over ${MIB(LIMITS.requestSize)}`,
      refusal: TOO_LARGE,
    };
  }
  return undefined;
}

/**
 * Once the payload passed its schema: more than 10 files; or files on an interaction response
 * that makes no message of them. Only a reply (4) and an update (7) carry message data with
 * attachments (docs: Receiving and Responding, "Messages" callback data); a deferral (5, 6) or
 * a modal (9) shows no files, which Discord's docs do not say it refuses: a violation, answered
 * as the response would be without them.
 */
export function fileFault(label: string, body: unknown, read: ReadBody): UploadFault | undefined {
  const files = read.files ?? [];
  if (files.length > LIMITS.attachments) {
    return { line: `${files.length} files, over ${LIMITS.attachments}`, refusal: TOO_MANY_FILES };
  }
  const type = (body as { type?: unknown } | null | undefined)?.type;
  if (label === CALLBACK && files.length > 0 && ![4, 7].includes(Number(type))) {
    return { line: `files on a type ${String(type)} response, which shows no files` };
  }
  return undefined;
}

const MIB = (bytes: number) => `${bytes} (${bytes / 2 ** 20} MiB)`;

export const CALLBACK = 'POST /interactions/{interaction_id}/{interaction_token}/callback';
