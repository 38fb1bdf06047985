import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index';
import { componentFor, flowFor } from '../../src/bot/command';

/**
 * Every button Tally puts under a message is routed to one handler (issue 25 item 3: one
 * handler per file, one page-button scheme), including the page buttons of messages posted
 * before that scheme; anything else is nobody's.
 */
describe('component routing', () => {
  it.each([
    ['page:standings:7:eyJ2IjoxMH0', 'page'],
    ['page:boards:0:', 'page'],
    ['lb:7:eyJ2IjoxMH0', 'page'],
    ['ss:12:10', 'page'],
    ['list:teams:3:41', 'page'],
  ])('GIVEN %s THEN the %s handler takes it', (customId) => {
    const handler = componentFor(COMMANDS, customId);
    expect(handler?.prefixes).toContain('page:');
  });

  it('GIVEN a custom id no Tally handler made THEN no handler claims it', () => {
    expect(componentFor(COMMANDS, 'something:else')).toBeUndefined();
  });

  it("GIVEN /setup's steps THEN its flow takes them and no button handler does", () => {
    expect(flowFor(COMMANDS, 'setup:role:1:-:-')?.prefixes).toEqual(['setup:']);
    expect(componentFor(COMMANDS, 'setup:role:1:-:-')).toBeUndefined();
    expect(flowFor(COMMANDS, 'page:boards:0:')).toBeUndefined();
  });

  it('GIVEN every handler THEN no two claim the same prefix', () => {
    const prefixes = [...COMMANDS.components, ...(COMMANDS.flows ?? [])].flatMap((c) => c.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
