import { UNIT_FORMULA_MAX } from './constants.ts';

/**
 * Unit conversion formulas in the variable X (002 §3, §5), e.g. `(X-32)/1.8`. Only digits, X,
 * + - * / ( ) and decimal points are allowed, at most UNIT_FORMULA_MAX characters. A small recursive
 * descent parser turns the text into a tree that is evaluated without eval, so a stored formula can
 * never run code.
 */
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'x' }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode };

const ALLOWED = /^[0-9X+\-*/().]+$/;

class Parser {
  private pos = 0;
  usesX = false;
  constructor(private readonly text: string) {}

  parse(): FormulaNode | null {
    const node = this.expression();
    return node && this.pos === this.text.length ? node : null;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private expression(): FormulaNode | null {
    let left = this.term();
    while (left && (this.peek() === '+' || this.peek() === '-')) {
      const op = this.peek() as '+' | '-';
      this.pos += 1;
      const right = this.term();
      if (!right) return null;
      left = { kind: 'binary', op, left, right };
    }
    return left;
  }

  private term(): FormulaNode | null {
    let left = this.factor();
    while (left && (this.peek() === '*' || this.peek() === '/')) {
      const op = this.peek() as '*' | '/';
      this.pos += 1;
      const right = this.factor();
      if (!right) return null;
      left = { kind: 'binary', op, left, right };
    }
    return left;
  }

  private factor(): FormulaNode | null {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.pos += 1;
      // One sign only: "--X" is refused as a typing slip rather than read as X.
      if (this.peek() === '-' || this.peek() === '+') return null;
      const operand = this.factor();
      if (!operand) return null;
      return c === '-' ? { kind: 'negate', operand } : operand;
    }
    if (c === 'X') {
      this.pos += 1;
      this.usesX = true;
      return { kind: 'x' };
    }
    if (c === '(') {
      this.pos += 1;
      const inner = this.expression();
      if (!inner || this.peek() !== ')') return null;
      this.pos += 1;
      return inner;
    }
    const match = /^\d+(\.\d+)?/.exec(this.text.slice(this.pos));
    if (!match) return null;
    this.pos += match[0].length;
    return { kind: 'number', value: Number(match[0]) };
  }
}

/** The parsed formula, or null when the text breaks a rule (characters, length, syntax, no X). */
export function parseFormula(text: string): FormulaNode | null {
  if (text.length === 0 || text.length > UNIT_FORMULA_MAX || !ALLOWED.test(text)) return null;
  const parser = new Parser(text);
  const node = parser.parse();
  return node && parser.usesX ? node : null;
}

export function isValidFormula(text: string): boolean {
  return parseFormula(text) !== null;
}

export function evaluateFormula(node: FormulaNode, x: number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'x':
      return x;
    case 'negate':
      return -evaluateFormula(node.operand, x);
    case 'binary': {
      const l = evaluateFormula(node.left, x);
      const r = evaluateFormula(node.right, x);
      if (node.op === '+') return l + r;
      if (node.op === '-') return l - r;
      if (node.op === '*') return l * r;
      return l / r;
    }
  }
}

/** Applies a formula to a value; null when the formula is invalid or the result is not finite. */
export function applyFormula(text: string, x: number): number | null {
  const node = parseFormula(text);
  if (!node) return null;
  const result = evaluateFormula(node, x);
  return Number.isFinite(result) ? result : null;
}
