/**
 * Words a reader sees come from the message catalogues (docs/decisions/035-languages.md): this
 * rule finds the ones written into the screens' code instead. It reports, outside tests:
 * - text between JSX tags ("<p>Hello</p>");
 * - a string or template with a letter given to a JSX attribute that a reader sees or hears
 *   (aria-label, title, placeholder, alt, and any attribute named like label, title, text,
 *   message, description, heading, hint or caption);
 * - a string or template with a letter written inside a JSX expression ("{open ? 'Close' : 'Open'}"),
 *   except as a call's argument (a class name builder, `t` itself);
 * - the words of a toast (`toast.success('Saved', { description: '...' })`) and the fallback of
 *   `errorMessage(error, '...')`;
 * - an object's label, title, description, heading, message, placeholder or text given as a
 *   string with a letter (menus, tabs, options).
 * A word that is not language (a brand, a symbol) says so in an eslint-disable comment.
 */
const LETTER = /\p{L}/u;
const SEEN_ATTRIBUTE = /^(aria-label|aria-valuetext|aria-roledescription|alt|title|placeholder)$|(label|title|text|message|description|heading|hint|caption)$/i;
const SEEN_PROPERTY = /^(label|title|description|heading|message|placeholder|text|hint|caption|emptyText|emptyTitle)$/;

const hasWords = (node) => {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.value === 'string' && LETTER.test(node.value);
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => LETTER.test(q.value.cooked ?? ''));
  return false;
};

/** The string expressions a value may yield without a call: `a ? 'x' : 'y'`, `a && 'x'`, `'x'`. */
function yielded(node) {
  if (!node) return [];
  if (node.type === 'ConditionalExpression') return [...yielded(node.consequent), ...yielded(node.alternate)];
  if (node.type === 'LogicalExpression') return [...yielded(node.left), ...yielded(node.right)];
  if (node.type === 'TSAsExpression') return yielded(node.expression);
  return hasWords(node) ? [node] : [];
}

const calleeName = (callee) => {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.property.type === 'Identifier') {
    return `${callee.object.name}.${callee.property.name}`;
  }
  return '';
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words a reader sees come from the message catalogues' },
    messages: { literal: 'Words a reader sees come from the catalogue: t(\'…\') (docs/decisions/035-languages.md).' },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'literal' });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? node.name.name.name : node.name.name;
        const value = node.value;
        if (!value) return;
        if (value.type === 'Literal') {
          if (SEEN_ATTRIBUTE.test(name) && hasWords(value)) report(value);
          return;
        }
        if (value.type === 'JSXExpressionContainer' && SEEN_ATTRIBUTE.test(name)) yielded(value.expression).forEach(report);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        yielded(node.expression).forEach(report);
      },
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (/^toast\.(success|error|info|warning|message|loading)$/.test(name) || name === 'toast') {
          yielded(node.arguments[0]).forEach(report);
          const options = node.arguments[1];
          if (options?.type === 'ObjectExpression') {
            for (const property of options.properties) {
              if (property.type === 'Property' && property.key.type === 'Identifier' && property.key.name === 'description') yielded(property.value).forEach(report);
            }
          }
        }
        if (name === 'errorMessage') yielded(node.arguments[1]).forEach(report);
      },
      Property(node) {
        if (node.key.type === 'Identifier' && SEEN_PROPERTY.test(node.key.name)) yielded(node.value).forEach(report);
      },
    };
  },
};
