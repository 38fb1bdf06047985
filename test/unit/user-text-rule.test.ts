import { join } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { userText } from '../../scripts/lint/user-text.mjs';
import { ROOT } from '../support/serve';

/**
 * Issue 32: `tally/user-text` (scripts/lint/user-text.mjs) fails lint on words a member reads
 * written in a reply builder or a page instead of the catalogue, and leaves alone the strings
 * that are not read (keys, the catalogue's own keys, the log, developers' errors, code).
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const error = [{ messageId: 'words' }];

tester.run('tally/user-text', userText, {
  valid: [
    "import { t } from '../domain/i18n';",
    "reply({ content: t(locale, 'reading.rank.none', { count: 2 }) });",
    "log.info('interaction failed', { id });",
    "throw new Error('The catalogue has no text at that key');",
    "throw new TallyError('not_found', `No board \"${id}\"`, { said: { key: 'common.noBoard', vars: { id } } });",
    "throw new TallyError('internal_error', `submission ${handle} is gone`);",
    'const id = `page:${list}:${scope}:${position}`;',
    "button.setCustomId('review:approve');",
    "if (mode === 'moderators only') return;",
    "const o = { 'two words': 1 };",
    "type Mode = 'two words';",
    'const html = `<a href="${url}" class="switch current">${label}</a>`;',
    'const script = `(() => { const claim = () => document.title; })()`;',
    'const frame = `id: ${n}\\nevent: changed\\ndata: {}\\n\\n`;',
    "const help = `Run ${'`/board create`'} first`.length;".replace('Run ', ''),
    'const unit = { label: labelOf(type) };',
    'const css = `.avatar { display: inline-block; flex: none; }`;',
    'const attrs = \'rel="noopener noreferrer" target="_blank"\';',
    "requireManageServer(interaction, '/board create');",
    'const hint = `Join with <code>/queue join</code>`.length;',
    "const page = { title: 'Tally' };",
    "this.loop = new PollLoop(run, pollMs, 'contest posts');",
    "if (reason.startsWith('not ready:')) cut = 'not ready:'.length;",
    "const flag = { value: 'ELO' };",
    "const column = { heading: h, className: 'num wide' };",
    "const css = { name: 'rating' };",
  ],
  invalid: [
    { code: "reply({ content: 'You left the queue.' });", errors: error },
    { code: 'refuse(interaction, `No board named ${name}`);', errors: error },
    { code: "throw invalid('That is not a number');", errors: error },
    {
      code: "throw new TallyError('invalid_request', 'Only moderators may review');",
      errors: error,
    },
    { code: "new ButtonBuilder().setLabel('Approve');", errors: error },
    { code: "const button = { label: 'Decline' };", errors: error },
    { code: 'const page = `<h1>${name}</h1><p>No matches yet.</p>`;', errors: error },
    { code: 'const img = `<img alt="Standings of ${name}" src="${src}">`;', errors: error },
    { code: "const words = ok ? 'Saved' : 'Nothing was saved';", errors: error },
    {
      code: "const list = ['First place', 'Second place'].join(', ');",
      errors: [...error, ...error],
    },
    { code: "const sentence = 'Ranked ' + n + ' of ' + total;", errors: error },
    { code: "const german = 'Keine Einträge';", errors: error },
    { code: 'const hint = `<p>Join with <code>/queue join</code> to play</p>`;', errors: error },
    { code: 'const attrs = \'alt="Standings of the ladder"\';', errors: error },
    { code: "const page = { title: 'Leaderboard' };", errors: error },
  ],
});

describe('tally/user-text in the repository’s lint', () => {
  const planted = "export const say = () => reply({ content: 'Your report was recorded.' });\n";
  const errors = async (file: string) => {
    const [result] = await new ESLint({ cwd: ROOT }).lintText(planted, {
      filePath: join(ROOT, file),
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'tally/user-text');
  };

  it.each([
    'commands/planted.ts',
    'src/bot/planted-message.ts',
    'src/web/planted-page.ts',
    'src/web/dashboard/planted.ts',
  ])('GIVEN English written in %s THEN npm run lint fails on it', async (file) => {
    expect(await errors(file)).toHaveLength(1);
  });

  it.each(['src/domain/i18n/planted.ts', 'src/cli/planted.ts', 'src/api/planted.ts'])(
    'GIVEN the same in %s (the catalogue, the English CLI, the English API) THEN the rule does not apply',
    async (file) => {
      expect(await errors(file)).toHaveLength(0);
    },
  );
});
