/**
 * `tally/user-text` (issue 32): words a member reads come from the catalogue
 * (src/domain/i18n), never from a string in a reply builder or a page. In the files it is turned
 * on for (eslint.config.js), a string or template that holds words, two or more in a row (`No
 * board`), or one capitalized word where a label goes (`label: 'Approve'`), is an error; so is
 * such text between HTML tags or in an attribute people read (`alt`, `title`, `aria-label`,
 * `placeholder`).
 *
 * Not words a member reads, so not checked: module names, object keys, type literals, the key
 * and variables given to the catalogue (`t`, `textAt`), the log, `new Error(…)` (for developers),
 * a TallyError's English `detail` when it also carries what it `said` (the API's text) or is an
 * `internal_error` (members read a generic apology), and
 * backticked code (`/rank`, `board_1`).
 */

/** Two words in a row (letters of any script, two or more each). */
const WORDS = /\p{L}{2,}[\s\u00a0]+\p{L}{2,}/u;
/** A lone capitalized word, as a button or field label is. */
const LABEL_WORD = /^\s*\p{Lu}\p{Ll}{2,}\s*[.!?…]?\s*$/u;
/** Where a lone word is a label: properties and builder calls that set what people read. */
const LABEL_KEYS = new Set([
  'label',
  'title',
  'placeholder',
  'content',
  'description',
  'name',
  'value',
  'text',
  'heading',
  'alt',
]);
const LABEL_CALLS = new Set(['setLabel', 'setTitle', 'setPlaceholder', 'setDescription']);
/** Properties whose value is markup's or a program's, not words (`className: 'num wide'`). */
const CODE_KEYS = new Set(['className', 'class', 'id', 'href', 'src', 'rel', 'customId', 'url']);
/** Calls whose string arguments are not what a member reads. */
const EXEMPT_CALLS = new Set([
  't',
  'textAt',
  'hasText',
  'require',
  'Error',
  'TypeError',
  'RangeError',
  // A loop's name is for the log.
  'PollLoop',
  // Errors that end in the log and a retry, never in front of a member.
  'ChatUnavailable',
  'DiscordUnavailable',
  'DiscordSignedOut',
  // Reading text, not showing it.
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
]);
const EXEMPT_OBJECTS = new Set(['log', 'console', 'logger']);
const READ_ATTRIBUTES = /\b(?:alt|title|aria-label|placeholder)\s*=\s*"([^"]*)"/gi;

/**
 * Script, style or a wire format in a template: a page's inline script, a style sheet's rule
 * (`.avatar { display: flex; }`), an event stream's frame.
 */
const CODE = /=>|\bfunction\b|\bconst\s|^(?:id|event|data|retry):|\{\s*[\w-]+\s*:[^;{}]*;/m;
/** A run of HTML attributes outside a tag (`rel="noopener" target="_blank"`). */
const ATTRIBUTES = /^\s*(?:<\w+\s+)?(?:[\w:-]+="[^"]*"\s*)+\/?>?\s*$/;
/** A slash command as typed (`/board create`): its name, the same in every language. */
const COMMAND = /^\s*\/[a-z][\w-]*(?: [a-z][\w-]*){0,2}\s*$/;
/** The product's own name, which no language translates. */
const NAMES = new Set(['Tally']);

/**
 * The text a member would read in a string: outside tags, code spans and entities (a template's
 * `${…}` are spaces).
 */
function readable(text) {
  if (CODE.test(text) || COMMAND.test(text) || NAMES.has(text.trim())) return [];
  const found = [];
  for (const m of text.matchAll(READ_ATTRIBUTES)) found.push(m[1]);
  if (ATTRIBUTES.test(text)) return found;
  const outside = text
    .replace(/<code>[^<]*<\/code>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/&[#\w]+;/g, ' ');
  found.push(outside);
  return found;
}

function calleeName(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return { name: callee.name };
  if (callee.type === 'MemberExpression') {
    const object = callee.object.type === 'Identifier' ? callee.object.name : undefined;
    const name = callee.property.type === 'Identifier' ? callee.property.name : undefined;
    return { name, object };
  }
  return {};
}

/** A TallyError (or a helper making one) that says something to members in their language. */
function carriesSaid(call) {
  return call.arguments.some(
    (a) =>
      a.type === 'ObjectExpression' &&
      a.properties.some(
        (p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'said',
      ),
  );
}

/** A TallyError of `internal_error`: a fault for developers; members read a generic apology. */
function isInternal(call) {
  const [code] = call.arguments;
  return code?.type === 'Literal' && code.value === 'internal_error';
}

/** Whether the string at `node` is outside what the rule checks, and whether a lone word counts. */
function placeOf(node) {
  let child = node;
  let parent = node.parent;
  while (parent) {
    switch (parent.type) {
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
      case 'ImportExpression':
      case 'TSLiteralType':
      case 'TSEnumMember':
        return { exempt: true };
      case 'Property':
        if (parent.key === child && !parent.computed) return { exempt: true };
        if (parent.key.type === 'Identifier' && CODE_KEYS.has(parent.key.name)) {
          return { exempt: true };
        }
        return {
          label: parent.key.type === 'Identifier' && LABEL_KEYS.has(parent.key.name),
        };
      case 'CallExpression':
      case 'NewExpression': {
        if (parent.callee === child) return { exempt: true };
        const { name, object } = calleeName(parent);
        if (EXEMPT_CALLS.has(name) || EXEMPT_OBJECTS.has(object)) return { exempt: true };
        if (name === 'TallyError' && (carriesSaid(parent) || isInternal(parent))) {
          return { exempt: true };
        }
        return { label: LABEL_CALLS.has(name) };
      }
      case 'BinaryExpression':
        // A comparison reads text, it does not show it.
        if (['===', '!==', '==', '!='].includes(parent.operator)) return { exempt: true };
        break;
      case 'MemberExpression':
        // `'not ready:'.length` measures text, it does not show it.
        if (parent.object === child && parent.property.name === 'length') return { exempt: true };
        return {};
      case 'SwitchCase':
        if (parent.test === child) return { exempt: true };
        break;
      case 'ExpressionStatement':
        if (parent.directive) return { exempt: true };
        return {};
      default:
    }
    // Strings inside templates, arrays, conditionals and concatenations are judged by where the
    // whole ends up.
    if (
      ![
        'TemplateLiteral',
        'ConditionalExpression',
        'LogicalExpression',
        'BinaryExpression',
        'ArrayExpression',
        'TaggedTemplateExpression',
        'TSAsExpression',
        'TSSatisfiesExpression',
      ].includes(parent.type)
    ) {
      return {};
    }
    child = parent;
    parent = parent.parent;
  }
  return {};
}

function check(context, node, text) {
  const place = placeOf(node);
  if (place.exempt) return;
  for (const part of readable(text)) {
    if (WORDS.test(part) || (place.label && LABEL_WORD.test(part))) {
      context.report({
        node,
        messageId: 'words',
        data: { text: part.trim().slice(0, 40) },
      });
      return;
    }
  }
}

export const userText = {
  meta: {
    type: 'problem',
    docs: { description: 'Words a member reads come from the catalogue (src/domain/i18n).' },
    messages: {
      words:
        '"{{text}}" is text a member reads: put it in the catalogue (src/domain/i18n) and say it with t(locale, key).',
    },
    schema: [],
  },
  create(context) {
    return {
      Literal(node) {
        const concatenated =
          node.parent.type === 'BinaryExpression' && node.parent.operator === '+';
        if (typeof node.value === 'string' && !concatenated) {
          check(context, node, node.value);
        }
      },
      BinaryExpression(node) {
        // 'Ranked ' + n + ' of ' + total: the pieces are read together, as one text.
        if (
          node.operator !== '+' ||
          (node.parent.type === 'BinaryExpression' && node.parent.operator === '+')
        )
          return;
        const pieces = [];
        const collect = (n) => {
          if (n.type === 'BinaryExpression' && n.operator === '+') {
            collect(n.left);
            collect(n.right);
          } else if (n.type === 'Literal' && typeof n.value === 'string') pieces.push(n.value);
          else pieces.push(null);
        };
        collect(node);
        if (pieces.some((p) => p !== null))
          check(context, node, pieces.map((p) => p ?? ' ').join(''));
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        check(context, node, node.quasis.map((q) => q.value.cooked ?? '').join(' '));
      },
    };
  },
};

export default { rules: { 'user-text': userText } };
