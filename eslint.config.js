import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

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
  // Pictures: plain data in, PNG out; knows nothing of boards, storage or Discord.
  { type: 'render', pattern: 'src/render/**' },
  { type: 'api', pattern: 'src/api/**' },
  { type: 'web', pattern: 'src/web/**' },
  { type: 'bot', pattern: 'src/bot/**' },
  { type: 'commands', pattern: 'commands/**' },
  { type: 'demo', pattern: 'src/demo/**' },
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
  api: ['domain', 'entities', 'pipeline', 'http', 'base'],
  web: ['domain', 'entities', 'pipeline', 'http', 'base', 'render'],
  bot: ['domain', 'entities', 'pipeline', 'base', 'render'],
  commands: ['domain', 'entities', 'pipeline', 'bot', 'base', 'render'],
  demo: ['domain', 'entities', 'pipeline', 'base'],
  client: [],
  root: LAYERS.map((l) => l.type),
};

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
