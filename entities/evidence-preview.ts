import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * A chat report's image evidence kept by Tally (migration 1734600000000): the re-encoded picture
 * and its thumbnail, WebP both, one row per submission.
 */
export interface EvidencePreview {
  submissionId: number;
  boardPk: number;
  width: number;
  height: number;
  full: Buffer;
  thumbWidth: number;
  thumbHeight: number;
  thumb: Buffer;
  createdAt: Date;
}

export const EvidencePreviewEntity = new EntitySchema<EvidencePreview>({
  name: 'EvidencePreview',
  tableName: 'evidence_previews',
  columns: {
    submissionId: { type: 'int', primary: true, name: 'submission_id' },
    boardPk: { ...col.int(), name: 'board_pk' },
    width: col.int(),
    height: col.int(),
    full: { type: 'blob' },
    thumbWidth: { ...col.int(), name: 'thumb_width' },
    thumbHeight: { ...col.int(), name: 'thumb_height' },
    thumb: { type: 'blob' },
    createdAt: { ...col.time(), name: 'created_at' },
  },
});
