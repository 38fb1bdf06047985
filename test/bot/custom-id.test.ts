import { describe, expect, it } from 'vitest';
import {
  adjustModalId,
  parseAdjustModal,
  parseReviewButton,
  reviewButtonId,
} from '../../src/bot/custom-id';

describe('review button custom ids', () => {
  it('GIVEN an encoded decision THEN it decodes to the same decision and handle', () => {
    expect(parseReviewButton(reviewButtonId('approve', 'sub_12'))).toEqual({
      decision: 'approve',
      handle: 'sub_12',
      submissionId: 12,
    });
    expect(parseReviewButton('review:decline:sub_7')?.decision).toBe('decline');
    expect(parseReviewButton(reviewButtonId('adjust', 'sub_3'))).toEqual({
      decision: 'adjust',
      handle: 'sub_3',
      submissionId: 3,
    });
    expect(parseAdjustModal(adjustModalId('sub_9'))).toEqual({ handle: 'sub_9', submissionId: 9 });
  });

  it.each(['adjust:sub_0', 'adjust:9', 'adjust:sub_1:x', 'review:adjust:sub_1', ''])(
    'GIVEN %j THEN it is not an Adjust modal',
    (customId) => {
      expect(parseAdjustModal(customId)).toBeNull();
    },
  );

  it.each([
    'review:approve',
    'review:adjusted:sub_1',
    'review:approve:12',
    'review:approve:sub_0',
    'review:approve:sub_1:extra',
    'other:approve:sub_1',
    'review:approve:sub_99999999999999999999',
    '',
  ])('GIVEN %j THEN it is not a review button', (customId) => {
    expect(parseReviewButton(customId)).toBeNull();
  });
});
