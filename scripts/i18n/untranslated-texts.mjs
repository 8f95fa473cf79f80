// Texts a person reads that are written straight into the code instead of going through Lingui
// (R-LANGUAGES, decision 61): a component's words outside <Trans>, a label or placeholder given as a
// plain string, a toast given a plain string, and, in the server and shared code, a refusal's, a zod
// rule's or a *_MESSAGES object's English text without the `/*i18n*/` mark that puts it in the
// catalogues. `npm run i18n:check` (part of `npm test`) runs it and fails on any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'label',
  'aria-description',
  'aria-roledescription',
  'text',
  'what',
  'details',
  'statusHeading',
  'actionHeading',
  'eyebrow',
  'submitLabel',
  'failure',
  'question',
  'ariaLabel',
  'heading',
  'description',
]);
/** Keys whose values are for programs, not people: addresses, names of things, styles. */
const TECHNICAL_KEYS =
  /^(@type|id|to|href|path|src|image|icon|name|key|className|type|slug|date|tone|role|method|position|method|as|kind|theme|status|code|field|autoComplete)$/;
/** A component's variables and parameters that hold what it shows: `const label = …`, `{ label = … }`. */
const SHOWN_NAMES = /^(label|title|heading|text|message|description|ariaLabel|placeholder|question|what)$/;
/** Calls whose first argument is shown to a person. */
const SHOWN_CALLS = /^(useDocumentTitle|toastApiError|toast(\.\w+)?|badRequest|notFound|conflict|forbidden|unauthorized)$/;
const LETTERS = /[A-Za-z]{2,}/;
/** zod's checks whose last argument is the message a form or the API shows. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'email',
  'url',
  'refine',
  'superRefine',
  'nonempty',
  'int',
  'positive',
  'nonnegative',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
  'uuid',
  'trim',
  'gt',
  'gte',
  'lt',
  'lte',
]);
/** Only operators read these files' texts (start-up settings, the command-line tools' logs), in English. */
const OPERATORS_ONLY = /src\/server\/(config\.ts|logging\.ts|main\.ts|start\.ts)$/;
/** A constant that reads as a sentence: a capital, words and spaces. */
const SENTENCE = /^[A-Z][a-z]+ [\s\S]*[a-z]/;

function sourceFiles(folder, pattern) {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

function calleeName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.property.type === 'Identifier')
    return `${node.object.name}.${node.property.name}`;
  return '';
}

/** `/*i18n*\/` puts a text in the catalogues; `/* operators *\/` says only operators read it (a start-up error), in English. */
const isMarked = (node) => (node.leadingComments ?? []).some((comment) => ['i18n', 'operators'].includes(comment.value.trim()));

/** The English in a string or template literal, if it has words. */
function englishIn(node) {
  if (node.type === 'StringLiteral') return LETTERS.test(node.value) ? node.value : undefined;
  if (node.type === 'TemplateLiteral') {
    const text = node.quasis.map((quasi) => quasi.value.cooked).join('{}');
    return LETTERS.test(text) ? text : undefined;
  }
  return undefined;
}

/** The English literals an expression shows as it is: itself, a branch of a condition, a part of a template. */
function shownNodes(node) {
  if (node.type === 'ConditionalExpression') return [...shownNodes(node.consequent), ...shownNodes(node.alternate)];
  if (node.type === 'LogicalExpression') return [...shownNodes(node.left), ...shownNodes(node.right)];
  // A template's own words, and the words its parts add ("… ${n === 1 ? 'product' : 'products'}").
  const parts = node.type === 'TemplateLiteral' ? node.expressions.flatMap(shownNodes) : [];
  return englishIn(node) ? [node, ...parts] : parts;
}
const shownLiterals = (node) => shownNodes(node).map(englishIn);

function walk(node, visit, parents = []) {
  if (!node || typeof node.type !== 'string') return;
  visit(node, parents);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments' || key === 'loc') continue;
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (child && typeof child.type === 'string') walk(child, visit, [...parents, node]);
  }
}

/**
 * Inside <Trans>, or inside an element that names its language itself (`lang="bn"`): a text meant for
 * readers of that language whatever the page's (the offer of the Bangla page on an English one).
 */
const insideTrans = (parents) =>
  parents.some(
    (parent) =>
      parent.type === 'JSXElement' &&
      (parent.openingElement.name.name === 'Trans' ||
        parent.openingElement.attributes.some(
          (attribute) => attribute.name?.name === 'lang' && attribute.value?.type === 'StringLiteral',
        )),
  );

export function untranslatedTexts() {
  const found = [];
  const files = [
    ...sourceFiles('src/web', /\.tsx?$/),
    ...sourceFiles('src/server', /\.ts$/),
    ...sourceFiles('src/shared', /\.ts$/),
  ];
  for (const file of files.filter((file) => !OPERATORS_ONLY.test(file))) {
    const code = readFileSync(file, 'utf8');
    const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'], attachComment: true });
    const where = (node) => `${relative(ROOT, file)}:${node.loc.start.line}`;
    walk(ast.program, (node, parents) => {
      // Lingui's `t`, `plural` and `select` from its core macros read the shared instance, which the
      // server's renderer never activates: the pages use the React macros (`useLingui`, <Trans>, <Plural>).
      if (
        node.type === 'ImportDeclaration' &&
        node.source.value === '@lingui/core/macro' &&
        node.specifiers.some((specifier) => specifier.imported?.name !== 'msg')
      ) {
        found.push(`${where(node)} imports a translation function bound to Lingui's shared instance: use useLingui or <Plural>`);
      } else if (node.type === 'JSXText' && LETTERS.test(node.value) && !insideTrans(parents)) {
        found.push(`${where(node)} text "${node.value.trim()}"`);
      } else if (node.type === 'JSXExpressionContainer' && parents.at(-1)?.type === 'JSXElement') {
        for (const english of shownLiterals(node.expression)) found.push(`${where(node)} text "${english}"`);
      } else if (node.type === 'JSXAttribute' && READ_ATTRIBUTES.has(node.name.name) && node.value) {
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const english = englishIn(value);
        if (english) found.push(`${where(node)} ${node.name.name}="${english}"`);
      } else if (node.type === 'CallExpression' && SHOWN_CALLS.test(calleeName(node.callee))) {
        for (const argument of node.arguments)
          for (const literal of shownNodes(argument))
            if (!isMarked(literal)) found.push(`${where(node)} ${calleeName(node.callee)}("${englishIn(literal)}")`);
      } else if (
        !file.endsWith('.tsx') &&
        node.type === 'CallExpression' &&
        node.callee.type === 'MemberExpression' &&
        ZOD_CHECKS.has(node.callee.property.name)
      ) {
        for (const argument of node.arguments) {
          const english = englishIn(argument);
          if (english?.includes(' ') && !isMarked(argument)) found.push(`${where(argument)} zod "${english}"`);
        }
      } else if (
        file.includes('src/web/') &&
        node.type === 'ObjectProperty' &&
        !TECHNICAL_KEYS.test(node.key.name ?? node.key.value ?? '') &&
        /^[A-Z][a-z]+\b/.test(englishIn(node.value) ?? '') &&
        !isMarked(node.value)
      ) {
        found.push(`${where(node)} ${node.key.name ?? node.key.value}: "${englishIn(node.value)}"`);
      } else if (
        file.endsWith('.tsx') &&
        ((node.type === 'VariableDeclarator' && SHOWN_NAMES.test(node.id.name ?? '') && node.init) ||
          (node.type === 'AssignmentPattern' && SHOWN_NAMES.test(node.left.name ?? '')))
      ) {
        for (const literal of shownNodes(node.init ?? node.right))
          if (!isMarked(literal)) found.push(`${where(literal)} ${node.id?.name ?? node.left.name} = "${englishIn(literal)}"`);
      } else if (
        !file.endsWith('.tsx') &&
        node.type === 'ObjectProperty' &&
        ['message', 'error', 'what'].includes(node.key.name)
      ) {
        const value = node.value.type === 'ArrowFunctionExpression' ? node.value.body : node.value;
        for (const literal of shownNodes(value))
          if (englishIn(literal).includes(' ') && !isMarked(literal))
            found.push(`${where(literal)} ${node.key.name} "${englishIn(literal)}"`);
      } else if (
        !file.endsWith('.tsx') &&
        node.type === 'VariableDeclarator' &&
        /(Message|_WORDS)$/.test(node.id.name ?? '') &&
        node.init
      ) {
        const value = node.init.type === 'ArrowFunctionExpression' ? node.init.body : node.init;
        walk(value, (inner) => {
          if ((inner.type === 'StringLiteral' || inner.type === 'TemplateLiteral') && englishIn(inner) && !isMarked(inner))
            found.push(`${where(inner)} ${node.id.name} "${englishIn(inner)}"`);
        });
      } else if (
        node.type === 'VariableDeclarator' &&
        node.id.type === 'Identifier' &&
        /MESSAGES$/.test(node.id.name) &&
        node.init
      ) {
        walk(node.init, (inner) => {
          if ((inner.type === 'StringLiteral' || inner.type === 'TemplateLiteral') && englishIn(inner) && !isMarked(inner))
            found.push(`${where(inner)} ${node.id.name} "${englishIn(inner)}"`);
        });
      } else if (
        node.type === 'VariableDeclarator' &&
        node.id.type === 'Identifier' &&
        /^[A-Z][A-Z_]+$/.test(node.id.name) &&
        node.init &&
        SENTENCE.test(englishIn(node.init) ?? '') &&
        !isMarked(node.init)
      ) {
        found.push(`${where(node)} ${node.id.name} "${englishIn(node.init)}"`);
      }
    });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = untranslatedTexts();
  for (const line of found) console.log(line);
  console.log(
    found.length === 0
      ? 'PASS texts: every text a person reads goes through the catalogues.'
      : `FAIL texts: ${found.length} written straight into the code: put them in <Trans>, t\`…\` or msg\`…\`, or mark a shared or server text /*i18n*/ (decision 61).`,
  );
  process.exitCode = found.length === 0 ? 0 : 1;
}
