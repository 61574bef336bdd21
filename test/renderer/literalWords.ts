// What a component's template shows the seller as literal words (i18nLiterals.test.ts): text,
// wording attributes, a component's wording props, quoted sentences inside `{…}`.
import { parse } from 'svelte/compiler';

/** Attributes whose text the seller reads (or hears, from a screen reader). */
const wordingAttributes = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label']);
/** Attributes that hold names for code, never words for the seller. */
const codeAttributes =
  /^(class|style|id|for|href|src|type|name|role|autocomplete|inputmode|data-.*|aria-(controls|describedby|labelledby|live|haspopup|current|sort))$/;
/** The product's name (and its logo's initials) is the same in every language. */
const brand = /Seller Desk|^SD$/g;
/** Keys on a keyboard, the only words a <kbd> may hold as they are. */
const keyNames =
  /^(Ctrl|Cmd|Shift|Alt|Option|Enter|Esc|Tab|Space|Delete|Backspace|Home|End|PageUp|PageDown|[A-Z0-9]|F\d{1,2}|[⌘⇧⌥⌃↑↓←→+\s/])+$/;

/** What a <code> may hold as it is: a command, a file or a key ("npm start", "seller-desk push"). */
const commandLike = /^[a-z0-9][a-z0-9._\-/:=@+ ]*$/;
/** A shortcut such as "Ctrl+S" reads the same in every language, in a <kbd> or a styled span. */
const keyCombo = /^((Ctrl|Cmd|Shift|Alt|Option)(\/(Ctrl|Cmd))?\+)+\S+$/;
/** An address (a placeholder such as "https://") reads the same in every language. */
const address = /^https?:\/\/\S*$/;
const hasLetters = (text: string) =>
  !keyCombo.test(text.trim()) &&
  !address.test(text.trim()) &&
  /\p{L}/u.test(text.replace(brand, ''));
/** A quoted string in an expression that reads as words for a person, not a name for code. */
const looksLikeWording = (text: string) => {
  const words = text.replace(brand, '');
  return /\p{Lu}\p{Ll}/u.test(words) || /\p{L}+\s+\p{L}+/u.test(words) || /[…]/.test(words);
};

type Node = { type?: string; [key: string]: unknown };

/** The literal wording a component's template shows, as "<element>: text" lines. */
export function literalsIn(source: string): string[] {
  const ast = parse(source, { modern: true }) as unknown as { fragment: Node };
  const found: string[] = [];

  const expressionLiterals = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => expressionLiterals(n, where));
    const n = node as Node;
    // Keys of objects and comparisons name things for the code (`status === 'Active'` is rare
    // but `t('offers.title')` is the rule): a call's arguments are not the seller's wording.
    if (n.type === 'CallExpression' || n.type === 'BinaryExpression') return;
    if (n.type === 'Literal' && typeof n.value === 'string' && looksLikeWording(n.value)) {
      found.push(`${where}: "${n.value}"`);
    }
    if (n.type === 'TemplateLiteral') {
      for (const quasi of n.quasis as { value: { cooked: string } }[]) {
        if (looksLikeWording(quasi.value.cooked)) found.push(`${where}: \`${quasi.value.cooked}\``);
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'metadata' && key !== 'key') expressionLiterals(value, where);
    }
  };

  const visit = (node: unknown, inside: string[]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, inside));
    const n = node as Node;
    const where = inside.at(-1) ?? 'top';
    if (n.type === 'Text') {
      const text = String(n.data).trim();
      const keyboard = inside.includes('kbd') && keyNames.test(text);
      const command = inside.includes('code') && commandLike.test(text);
      if (hasLetters(text) && !keyboard && !command) found.push(`<${where}>: "${text}"`);
      return;
    }
    if (n.type === 'ExpressionTag') return expressionLiterals(n.expression, `<${where}> {…}`);
    // style:, class:, bind:, on:, use: … hold values for the code.
    if (typeof n.type === 'string' && n.type.endsWith('Directive')) return;
    if (n.type === 'Attribute') {
      const name = String(n.name);
      if (codeAttributes.test(name)) return;
      const component = /^[A-Z]/.test(where);
      const parts = Array.isArray(n.value) ? (n.value as Node[]) : [n.value as Node];
      for (const part of parts) {
        if (!part || typeof part !== 'object') continue;
        if (part.type === 'Text') {
          const text = String(part.data);
          const wording = wordingAttributes.has(name) || (component && looksLikeWording(text));
          if (wording && hasLetters(text)) found.push(`<${where} ${name}>: "${text}"`);
        } else if (part.type === 'ExpressionTag') {
          expressionLiterals(part.expression, `<${where} ${name}>`);
        }
      }
      return;
    }
    const name = n.type === 'RegularElement' || n.type === 'Component' ? String(n.name) : null;
    const next = name ? [...inside, name] : inside;
    for (const [key, value] of Object.entries(n)) {
      if (key === 'expression' && n.type !== 'ExpressionTag') {
        // Block conditions ({#if}, {#each}) decide, they do not show.
        continue;
      }
      visit(value, next);
    }
  };
  visit(ast.fragment, []);
  return found;
}

/** A quoted string in a component's script that reads as words for a person (not a key, a
 * camelCase name, a selector or a CSS value). */
function scriptWording(text: string): boolean {
  const words = text.replace(brand, '').trim();
  if (/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/.test(words)) return false; // a message key
  if (/^[a-z]+([A-Z][a-z0-9]*)+$/.test(words)) return false; // a camelCase name
  if (/[[\](){}<>=#:;]|\d(px|%|ms|s)\b/.test(words)) return false; // a selector, CSS, a time
  return /\p{Lu}\p{Ll}/u.test(words) || /\p{L}{2,}\s+\p{L}{2,}/u.test(words) || /…/.test(words);
}

/**
 * Words a component's script hands the seller as literals: a toast, a dialog's title, an error
 * kept in state. The arguments of `t()` are keys, comparisons and DOM queries are code.
 */
export function scriptLiteralsIn(source: string): string[] {
  const ast = parse(source, { modern: true }) as unknown as { instance?: { content: Node } };
  const found: string[] = [];
  // DOM queries and comparisons of values (`types.includes('Files')`) are code.
  const code = new Set([
    'closest',
    'getElementById',
    'matches',
    'querySelector',
    'querySelectorAll',
    'includes',
    'startsWith',
    'endsWith',
    'indexOf',
    'has',
  ]);
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'ImportDeclaration' || n.type === 'BinaryExpression') return;
    if (typeof n.type === 'string' && n.type.startsWith('TS')) return;
    if (n.type === 'CallExpression') {
      const callee = n.callee as Node;
      if (callee.type === 'Identifier' && (callee.name === 't' || callee.name === 'translate'))
        return;
      if (callee.type === 'MemberExpression' && code.has(String((callee.property as Node).name))) {
        return;
      }
    }
    if (n.type === 'Literal' && typeof n.value === 'string' && scriptWording(n.value)) {
      found.push(`script: "${n.value}"`);
    }
    if (n.type === 'TemplateLiteral') {
      for (const quasi of n.quasis as { value: { cooked: string } }[]) {
        if (scriptWording(quasi.value.cooked)) found.push(`script: \`${quasi.value.cooked}\``);
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'key' && key !== 'metadata') visit(value);
    }
  };
  visit(ast.instance?.content);
  return found;
}
