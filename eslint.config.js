import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import userText from './scripts/lint/user-text.mjs';

/**
 * The layers (ARCHITECTURE.md): each may import only what is listed for it. Upward and sideways
 * imports are lint errors (test/unit/layers.test.ts plants one in each layer).
 */
const LAYERS = [
  { type: 'domain', pattern: 'src/domain/**' },
  { type: 'entities', pattern: 'entities/**' },
  { type: 'migrations', pattern: 'migrations/**' },
  // The environment (the only reader of process.env) and the log, which every layer may use.
  { type: 'base', pattern: 'src/{config,log}' },
  { type: 'store', pattern: 'src/store/**' },
  { type: 'pipeline', pattern: 'src/pipeline/**' },
  { type: 'http', pattern: 'src/http/**' },
  // Pictures: plain data in, PNG out, and contest images' intake (bytes in, WebP out); knows
  // nothing of boards, storage or Discord.
  { type: 'render', pattern: 'src/render/**' },
  // The API's serialisers: the wire shape of a board, an entry, a match, which the CLI prints too.
  { type: 'serialize', pattern: 'src/api/serialize/**' },
  { type: 'api', pattern: 'src/api/**' },
  { type: 'web', pattern: 'src/web/**' },
  { type: 'bot', pattern: 'src/bot/**' },
  { type: 'commands', pattern: 'commands/**' },
  { type: 'demo', pattern: 'src/demo/**' },
  // The operator CLI's commands, one file per group; src/cli.ts composes them.
  { type: 'cli', pattern: 'src/cli/**' },
  // The API client (tally/client): shipped on its own, so it imports nothing of the server.
  { type: 'client', pattern: 'src/client/**' },
  // Last: the files left directly in src/ (main.ts, cli.ts, …) are the composition root.
  { type: 'root', pattern: 'src' },
];

const MAY_IMPORT = {
  domain: [],
  entities: ['domain'],
  migrations: [],
  base: ['domain'],
  store: ['domain', 'entities', 'migrations', 'base'],
  pipeline: ['domain', 'entities', 'store', 'base', 'render'],
  http: ['domain'],
  render: ['base'],
  serialize: ['domain', 'entities', 'pipeline'],
  api: ['domain', 'entities', 'pipeline', 'http', 'base', 'serialize'],
  web: ['domain', 'entities', 'pipeline', 'http', 'base', 'render'],
  bot: ['domain', 'entities', 'pipeline', 'base', 'render'],
  commands: ['domain', 'entities', 'pipeline', 'bot', 'base', 'render'],
  demo: ['domain', 'entities', 'pipeline', 'base'],
  cli: ['domain', 'entities', 'pipeline', 'base', 'demo', 'serialize'],
  client: [],
  root: LAYERS.map((l) => l.type),
};

/** What an edge may not write: the repositories reached through the context, in every form. */
const REPOS_MESSAGE =
  'Edges call use cases (src/pipeline), never repositories: add a named use case for this read or write.';
const EDGE_SYNTAX = [
  "MemberExpression[property.name='repos']",
  "Property[key.name='repos']",
  "TSIndexedAccessType[indexType.literal.value='repos']",
  "TSQualifiedName[right.name='Repositories']",
  "Identifier[name='Repositories']",
].map((selector) => ({ selector, message: REPOS_MESSAGE }));

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'coverage/', 'dist/', 'src/client/schema.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts', 'entities/**/*.ts', 'migrations/**/*.ts', 'commands/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map((l) => ({ ...l, partialMatch: false })),
      // Imports are relative and extensionless: Node's resolution with .ts is all the plugin needs.
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(MAY_IMPORT).map(([type, allowed]) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...allowed] } } } },
          })),
        },
      ],
      // Every source file belongs to a layer.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // The edges (ARCHITECTURE.md) call use cases and render what they return: no repository is
    // within their reach, whatever they import (test/unit/layers.test.ts plants each form).
    files: ['src/{api,web,bot,demo,cli}/**/*.ts', 'commands/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...EDGE_SYNTAX],
    },
  },
  {
    // Issue 32: words a member reads come from the catalogue (src/domain/i18n), in the edges that
    // show them: the commands, the bot's messages and the pages (scripts/lint/user-text.mjs;
    // test/unit/user-text-rule.test.ts plants text in each).
    files: ['commands/**/*.ts', 'src/bot/**/*.ts', 'src/web/**/*.ts'],
    plugins: { tally: userText },
    rules: { 'tally/user-text': 'error' },
  },
  {
    // The domain is pure: scoring, ranking and parsing never touch I/O, frameworks or the clock.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['discord.js', 'express', 'typeorm', 'ioredis', 'mysql2', 'better-sqlite3'] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
        { object: 'process', property: 'env', message: 'Configuration comes from src/config.ts.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time comes in as an argument.',
        },
      ],
    },
  },
);
