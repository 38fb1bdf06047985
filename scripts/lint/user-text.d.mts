/** Types of scripts/lint/user-text.mjs, for its test (test/unit/user-text-rule.test.ts). */
import type { Rule } from 'eslint';

export const userText: Rule.RuleModule;
declare const plugin: { rules: { 'user-text': Rule.RuleModule } };
export default plugin;
