// How deeply a solution nests, measured before any native parser sees it: swc's parser and its
// passes recurse per level of the syntax tree on a native stack, and overflowing it kills the whole
// process (SIGSEGV) whatever the nesting is made of: brackets, but also a chain of 49,000 `!`, type
// arguments `A<A<A<…>>>`, arrows `a => a => …`, `if (a) if (a) …`, labels. Two measures, both in
// JavaScript (running out of the stack there is an exception, not a crash): the brackets, cheaply, and
// the depth of the syntax tree as Babel's parser reads it (it tells a regular expression from a
// division and a type argument from a comparison as the language does).
const { parse } = require('@babel/parser');

/**
 * The deepest nesting of brackets ( [ { and template substitutions, outside strings, comments and
 * regular expressions: swc's and QuickJS's parsers recurse per level, so this is checked first.
 */
function nestingDepth(code) {
  let depth = 0;
  let max = 0;
  let i = 0;
  let last = ''; // the last significant character: tells a regular expression from a division
  const templates = []; // the depth at which each open `${` of a template literal started
  const n = code.length;
  const open = () => {
    depth += 1;
    if (depth > max) max = depth;
  };
  const skipTemplate = () => {
    while (i < n) {
      const c = code[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i += 1;
        return;
      } else if (c === '$' && code[i + 1] === '{') {
        i += 2;
        open();
        templates.push(depth);
        return;
      } else i += 1;
    }
  };
  while (i < n) {
    const c = code[i];
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      i += 1;
      while (i < n && code[i] !== c && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
      i += 1;
      last = c;
    } else if (c === '`') {
      i += 1;
      skipTemplate();
      last = c;
    } else if (c === '/' && (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last))) {
      // a regular expression literal: up to its closing slash outside a [class]. A `/` after `}`,
      // `++` or `--` may be a division after all, so brackets inside count too (over-counting a real
      // regular expression's groups and classes is harmless; missing code nested in it is not)
      let inClass = false;
      let inside = 0;
      const start = i;
      i += 1;
      while (i < n && code[i] !== '\n' && (inClass || code[i] !== '/')) {
        const r = code[i];
        if (r === '\\') i += 1;
        else {
          if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          if (r === '(' || r === '[' || r === '{') {
            inside += 1;
            if (depth + inside > max) max = depth + inside;
          } else if ((r === ')' || r === ']' || r === '}') && inside > 0) inside -= 1;
        }
        i += 1;
      }
      if (i >= n || code[i] === '\n') {
        // a regular expression ends on its line: this `/` was a division, and what follows is code
        i = start + 1;
        last = '/';
        continue;
      }
      i += 1;
      last = 'a';
    } else {
      if (c === '(' || c === '[' || c === '{') open();
      else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        depth -= 1;
        i += 1;
        skipTemplate();
        last = '`';
        continue;
      } else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
      if (!/\s/.test(c)) last = /[\w$]/.test(c) ? 'a' : c;
      i += 1;
    }
  }
  return max;
}

/** What Babel's tree nodes hold besides their children. */
const NOT_CHILDREN = new Set([
  'loc',
  'start',
  'end',
  'range',
  'extra',
  'errors',
  'comments',
  'tokens',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

/**
 * Why the solution may not go to the native parsers, or null: its syntax tree is deeper than
 * limits.maxDepth nodes (every operator, statement, type argument, template and parenthesis is a
 * level), too deep for Babel's parser to read at all, or it cannot be read (a syntax error: where
 * Babel stops, the rest would go unmeasured).
 */
function syntaxRefusal(code, language, limits) {
  const tooDeep = `Syntax error: the code is nested too deeply (limit ${limits.maxDepth} levels of operators, statements and types)`;
  let tree;
  try {
    tree = parse(code, {
      sourceType: 'script',
      plugins: language === 'typescript' ? ['typescript'] : [],
      createParenthesizedExpressions: true,
      errorRecovery: true,
    });
  } catch (error) {
    if (error instanceof RangeError) return tooDeep; // the parser ran out of stack
    const line = String(error.message).split('\n')[0];
    return `Syntax error: ${line.slice(0, limits.errorChars)}`;
  }
  // depth first, without recursion
  const stack = [tree.program];
  const depths = [1];
  while (stack.length > 0) {
    const node = stack.pop();
    const depth = depths.pop();
    if (depth > limits.maxDepth) return tooDeep;
    for (const key in node) {
      if (NOT_CHILDREN.has(key)) continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const item of value)
          if (item && typeof item.type === 'string') {
            stack.push(item);
            depths.push(depth + 1);
          }
      } else if (value && typeof value.type === 'string') {
        stack.push(value);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}

module.exports = { nestingDepth, syntaxRefusal };
