import { invalidSaid } from './errors';

/**
 * Evidence of a chat report (issue 15 item 4): a link someone gives (a video of a speedrun) and
 * an attachment (a screenshot), each optional. The API has no evidence field: boards that
 * require evidence require it of chat reports only (README, "Evidence").
 */
export interface Evidence {
  link: string | null;
  fileUrl: string | null;
  fileKind: 'image' | 'file' | null;
}

export const NO_EVIDENCE: Evidence = { link: null, fileUrl: null, fileKind: null };

/** Column sizes (migration 1733600000000). */
export const EVIDENCE_LINK_MAX = 500;
export const EVIDENCE_FILE_URL_MAX = 1000;

/** A decline reason as a moderator types it (submissions.failure_reason holds 300). */
export const DECLINE_REASON_MAX = 300;

/** A web address to open: http or https only, as typed (trimmed), at most 500 characters. */
export function evidenceLink(text: string): string {
  const link = text.trim();
  if (link.length > EVIDENCE_LINK_MAX) {
    throw invalidSaid('chat.typed.linkTooLong', { max: EVIDENCE_LINK_MAX });
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw invalidSaid('chat.typed.linkNotAddress');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidSaid('chat.typed.linkScheme');
  }
  if (/\s/.test(link)) throw invalidSaid('chat.typed.linkSpaces');
  return link;
}

/** An uploaded file as the chat platform describes it. */
export interface EvidenceFile {
  url: string;
  contentType: string | null;
  /** Set for images (and videos) by the platform. */
  width: number | null;
}

/** An image is shown in the review message; any other file is linked. */
export function evidenceFile(file: EvidenceFile): Pick<Evidence, 'fileUrl' | 'fileKind'> {
  if (file.url.length > EVIDENCE_FILE_URL_MAX) {
    throw invalidSaid('chat.typed.fileName');
  }
  const type = file.contentType?.toLowerCase() ?? '';
  const image = type.startsWith('image/') || (type === '' && file.width !== null);
  return { fileUrl: file.url, fileKind: image ? 'image' : 'file' };
}

export const hasEvidence = (e: Evidence) => e.link !== null || e.fileUrl !== null;

/** A decline reason: trimmed, empty is none, at most 300 characters. */
export function declineReason(text: string | undefined | null): string | null {
  const reason = (text ?? '').trim();
  if (reason === '') return null;
  if ([...reason].length > DECLINE_REASON_MAX) {
    throw invalidSaid('chat.typed.reasonTooLong', { max: DECLINE_REASON_MAX });
  }
  return reason;
}
