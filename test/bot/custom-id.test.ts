import { describe, expect, it } from 'vitest';
import { parseReviewButton, reviewButtonId } from '../../src/bot/custom-id';

describe('review button custom ids', () => {
  it('GIVEN an encoded decision THEN it decodes to the same decision and handle', () => {
    expect(parseReviewButton(reviewButtonId('approve', 'sub_12'))).toEqual({
      decision: 'approve',
      handle: 'sub_12',
      submissionId: 12,
    });
    expect(parseReviewButton('review:decline:sub_7')?.decision).toBe('decline');
  });

  it.each([
    'review:approve',
    'review:adjust:sub_1',
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
