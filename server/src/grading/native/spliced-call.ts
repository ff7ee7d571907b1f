/**
 * Whether a student's own call (Run's custom input, issue 32) stays the one expression the Java and Go
 * harnesses splice it in as (`return (CALL);`, `func() any { return CALL }`): its brackets balanced
 * and closed in order, its string, character and raw-string literals closed, and no comment that would
 * swallow the rest of the generated line. A call that broke out of its place could declare code of
 * the harness's own (no more than the student's file already may: the sandbox is the boundary), but
 * its compiler errors would then land on lines that name no test, and every example would fail with
 * "the tests could not be compiled" instead of the call alone failing on its own line.
 */
export function staysInPlace(call: string, language: 'java' | 'go'): boolean {
  // javac reads \uXXXX escapes before anything else, even inside literals (`"\u0022` closes a string)
  const text = language === 'java' ? javaUnicodeEscapes(call) : call;
  if (text === null || /[\r\n]/.test(text)) return false;
  const closers: string[] = [];
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') return false;
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (c === '"' || c === "'") {
      const end = literalEnd(text, i, c);
      if (end < 0) return false;
      i = end + 1;
    } else if (c === '`' && language === 'go') {
      // a raw string: no escapes, up to the next backquote
      const end = text.indexOf('`', i + 1);
      if (end < 0) return false;
      i = end + 1;
    } else {
      if (c in pairs) closers.push(pairs[c]!);
      else if ((c === ')' || c === ']' || c === '}') && closers.pop() !== c) return false;
      i += 1;
    }
  }
  return closers.length === 0;
}

/** Where the literal opened at `start` by `quote` ends (its closing quote), or -1 when it does not. */
function literalEnd(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/**
 * The text as javac reads it (JLS 3.3): each `\uXXXX` (any number of `u`) not itself escaped by a
 * backslash replaced by its character; null when an escape is malformed (javac refuses the file).
 */
function javaUnicodeEscapes(text: string): string | null {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '\\' && text[i + 1] === '\\') {
      out += '\\\\';
      i += 2;
    } else if (text[i] === '\\' && text[i + 1] === 'u') {
      let j = i + 1;
      while (text[j] === 'u') j += 1;
      const hex = text.slice(j, j + 4);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return null;
      out += String.fromCharCode(parseInt(hex, 16));
      i = j + 4;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}
