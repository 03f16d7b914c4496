/**
 * Where a JSON text first goes wrong, and what is wrong there, without quoting any of it: V8's JSON.parse
 * messages quote the text around the error, and in a config file that text can be an API key. A small scanner
 * of the JSON grammar (RFC 8259, what JSON.parse accepts); it does not build values.
 */
export interface JsonProblem {
  line: number;
  column: number;
  problem: string;
}

class Stop {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** The first problem in `text`, or undefined when it is valid JSON (or too deeply nested to scan). */
export function findJsonProblem(text: string): JsonProblem | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const unexpected = () => new Stop(i, i >= text.length ? 'the file ends too early' : 'unexpected character');
  const string = () => {
    const start = i++;
    for (;;) {
      if (i >= text.length) throw new Stop(start, 'a string is not closed');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      // A line break inside a string almost always means its closing quote is missing: point at its start.
      if (c === 0x0a || c === 0x0d) throw new Stop(start, 'a string is not closed on its line');
      if (c < 0x20) throw new Stop(i, 'a control character inside a string');
      if (c === 0x5c) {
        const e = text[i + 1] ?? '';
        if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else throw new Stop(i, 'an invalid escape (\\) in a string');
      } else i++;
    }
  };
  const match = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"')
          throw i >= text.length ? unexpected() : new Stop(i, 'expected a quoted property name');
        string();
        ws();
        if (text[i] !== ':')
          throw i >= text.length ? unexpected() : new Stop(i, "expected ':' after a property name");
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else throw i >= text.length ? unexpected() : new Stop(i, "expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else throw i >= text.length ? unexpected() : new Stop(i, "expected ',' or ']'");
      }
    }
    if (c === '"') string();
    else if (!match(NUMBER) && !match(LITERAL)) throw unexpected();
  };
  try {
    value();
    ws();
    if (i < text.length) throw new Stop(i, 'unexpected text after the end of the JSON');
    return undefined;
  } catch (e) {
    if (!(e instanceof Stop)) return undefined; // nested too deep for the stack: no position
    return { ...lineColumn(text, e.at), problem: e.problem };
  }
}

/** 1-based line and column (in characters) of an offset. */
function lineColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < at; k++) {
    if (text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  return { line, column: at - start + 1 };
}
