import { In } from 'typeorm';
import { EvidencePreviewEntity, type EvidencePreview } from '../../entities/evidence-preview';
import { timeParam } from './raw';
import { Repository } from './repository';

export type { EvidencePreview };

/** Chat reports' image evidence as Tally keeps it (entities/evidence-preview.ts). */
export class EvidencePreviewRepository extends Repository {
  /** Keeps a submission's preview; false when it had one already (nothing is replaced). */
  async put(preview: EvidencePreview): Promise<boolean> {
    return this.use(undefined, async (m) => {
      const exists: unknown[] = await m.query(
        'SELECT submission_id FROM evidence_previews WHERE submission_id = ?',
        [preview.submissionId],
      );
      if (exists.length > 0) return false;
      await m.query(
        `INSERT INTO evidence_previews
           (submission_id, board_pk, width, height, full, thumb_width, thumb_height, thumb, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          preview.submissionId,
          preview.boardPk,
          preview.width,
          preview.height,
          preview.full,
          preview.thumbWidth,
          preview.thumbHeight,
          preview.thumb,
          timeParam(this.dialect, preview.createdAt),
        ],
      );
      return true;
    });
  }

  /** The picture's size (the page sets it on the <img>), without its bytes; null if none. */
  async sizeOf(
    submissionId: number,
  ): Promise<{ width: number; height: number; thumbWidth: number; thumbHeight: number } | null> {
    const row = await this.use(undefined, (m) =>
      m.findOne(EvidencePreviewEntity, {
        select: {
          submissionId: true,
          width: true,
          height: true,
          thumbWidth: true,
          thumbHeight: true,
        },
        where: { submissionId },
      }),
    );
    return row
      ? {
          width: row.width,
          height: row.height,
          thumbWidth: row.thumbWidth,
          thumbHeight: row.thumbHeight,
        }
      : null;
  }

  /** The thumbnails' sizes of those of these submissions that have a preview (the review queue). */
  async thumbsOf(
    submissionIds: readonly number[],
  ): Promise<Map<number, { thumbWidth: number; thumbHeight: number }>> {
    if (submissionIds.length === 0) return new Map();
    const rows = await this.use(undefined, (m) =>
      m.find(EvidencePreviewEntity, {
        select: { submissionId: true, thumbWidth: true, thumbHeight: true },
        where: { submissionId: In([...new Set(submissionIds)]) },
      }),
    );
    return new Map(
      rows.map((r) => [
        Number(r.submissionId),
        { thumbWidth: r.thumbWidth, thumbHeight: r.thumbHeight },
      ]),
    );
  }

  /** One size's WebP bytes, or null when the submission has no preview. */
  async bytes(submissionId: number, size: 'full' | 'thumb'): Promise<Buffer | null> {
    const column = size === 'full' ? 'full' : 'thumb';
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(`SELECT ${column} AS data FROM evidence_previews WHERE submission_id = ?`, [
        submissionId,
      ]),
    );
    const data = rows[0]?.data;
    return data ? Buffer.from(data as Uint8Array) : null;
  }
}
