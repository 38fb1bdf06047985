import { describe, expect, it } from 'vitest';
import {
  parseSetupId,
  setupId,
  adjustModalId,
  declineModalId,
  parseAdjustModal,
  parseDeclineModal,
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

  it('GIVEN the Decline modal THEN its id decodes, and no Adjust id passes for it nor it for one', () => {
    expect(parseDeclineModal(declineModalId('sub_4'))).toEqual({
      handle: 'sub_4',
      submissionId: 4,
    });
    expect(parseDeclineModal(adjustModalId('sub_4'))).toBeNull();
    expect(parseAdjustModal(declineModalId('sub_4'))).toBeNull();
    expect(parseDeclineModal('decline:sub_4:x')).toBeNull();
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

describe("/setup's custom ids", () => {
  const member = '9'.repeat(20);
  const snowflake = '1'.repeat(20);

  it('GIVEN the longest state THEN it round-trips within the 100 characters Discord allows', () => {
    const longest = {
      step: 'skipchannel',
      memberId: member,
      roleId: snowflake,
      channelId: snowflake,
      type: 'Highscore',
    } as const;
    expect(setupId(longest).length).toBeLessThanOrEqual(100);
    expect(parseSetupId(setupId(longest))).toEqual(longest);
    const none = {
      step: 'role',
      memberId: member,
      roleId: null,
      channelId: null,
      type: null,
    } as const;
    expect(setupId(none)).toBe(`setup:role:${member}:-:-`);
    expect(parseSetupId(setupId(none))).toEqual(none);
    const live = { step: 'live', memberId: member, boardPk: 123456789012345 } as const;
    expect(parseSetupId(setupId(live))).toEqual(live);
  });

  it.each([
    'setup:role:1:-',
    'setup:jump:1:-:-',
    'setup:live:1:-:-',
    'setup:role:1:12:-',
    'setup:role:x:-:-',
    'setup:name:1:-:-:Elo ladder',
    'setup:skiplive:1:',
    'boarddelete:delete:1:2:3',
    '',
  ])('GIVEN %j THEN it is not a /setup step', (customId) => {
    expect(parseSetupId(customId)).toBeNull();
  });
});
