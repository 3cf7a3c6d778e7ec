// @ts-check
// Parses the query-string grammar PostgREST accepts, for the subset supabase-js sends for
// this site: select, order, limit/offset, column filters (eq, neq, gt, gte, lt, lte, like,
// ilike, is, in, cs, with not.) and the or/and logic trees. The result is a plain description;
// names in it are still untrusted until sql.mjs looks them up in the schema cache.
import { ApiError, parseError } from './errors.mjs';

/**
 * @typedef {{ kind: 'condition', column: string, operator: string, negate: boolean, value: string | string[] }} Condition
 * @typedef {{ kind: 'and' | 'or', negate: boolean, children: Filter[] }} Logic
 * @typedef {Condition | Logic} Filter
 * @typedef {{ column: string, alias: string | null }} SelectItem
 * @typedef {{ column: string, descending: boolean, nulls: 'first' | 'last' | null }} OrderItem
 * @typedef {{
 *   select: SelectItem[] | '*',
 *   order: OrderItem[],
 *   limit: bigint | null,
 *   offset: bigint,
 *   filters: Filter[],
 *   columns: string[] | null,
 *   onConflict: string[] | null,
 * }} ParsedQuery
 */

export const OPERATORS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);
const NAME = /^[\p{L}_][\p{L}\p{N}_$]*$/u;
const MAX_BIGINT = 2n ** 63n - 1n;

/**
 * @param {URLSearchParams} params
 * @returns {ParsedQuery}
 */
export function parseQuery(params) {
  /** @type {ParsedQuery} */
  const query = {
    select: '*',
    order: [],
    limit: null,
    offset: 0n,
    filters: [],
    columns: null,
    onConflict: null,
  };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order = parseOrder(value);
    else if (key === 'limit') query.limit = parseCount(value, 'limit');
    else if (key === 'offset') query.offset = parseCount(value, 'offset');
    else if (key === 'columns') query.columns = parseNameList(value, 'columns');
    else if (key === 'on_conflict') query.onConflict = parseNameList(value, 'on_conflict');
    else if (RESERVED.has(key)) continue;
    else query.filters.push(parseFilterParam(key, value));
  }
  return query;
}

/** @param {string} value */
function parseSelect(value) {
  const text = value.trim();
  if (text === '' || text === '*') return '*';
  /** @type {SelectItem[]} */
  const items = [];
  let star = false;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '*') {
      star = true;
      continue;
    }
    const [first, second, ...rest] = part.split(':');
    const [alias, column] = second === undefined ? [null, first] : [first, second];
    if (rest.length > 0 || !NAME.test(column) || (alias !== null && !NAME.test(alias))) {
      throw parseError(`failed to parse select parameter (${value})`, `unexpected "${part}"`);
    }
    items.push({ column, alias });
  }
  // `*,name` is every column (PostgREST would repeat `name`; nothing here asks for that).
  return star ? '*' : items;
}

/** @param {string} value */
function parseOrder(value) {
  return value.split(',').map((raw) => {
    const [column, ...modifiers] = raw.trim().split('.');
    let descending = false;
    /** @type {'first' | 'last' | null} */
    let nulls = null;
    let seenDirection = false;
    for (const modifier of modifiers) {
      if (!seenDirection && nulls === null && (modifier === 'asc' || modifier === 'desc')) {
        descending = modifier === 'desc';
        seenDirection = true;
      } else if (nulls === null && (modifier === 'nullsfirst' || modifier === 'nullslast')) {
        nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      } else {
        throw parseError(`failed to parse order (${value})`, `unexpected "${modifier}"`);
      }
    }
    if (!NAME.test(column)) throw parseError(`failed to parse order (${value})`, `unexpected "${column}"`);
    return { column, descending, nulls };
  });
}

/** @param {string} value @param {string} what */
function parseCount(value, what) {
  if (what === 'limit' && /^-\d+$/.test(value)) {
    // PostgREST reads a negative limit as a range that cannot be satisfied, not a parse error.
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', {
      details: 'Limit should be greater than or equal to zero.',
    });
  }
  if (!/^\d{1,19}$/.test(value) || BigInt(value) > MAX_BIGINT) {
    throw parseError(`failed to parse ${what} parameter (${value})`, 'expected a non-negative integer');
  }
  return BigInt(value);
}

/** @param {string} value @param {string} what */
function parseNameList(value, what) {
  const names = value.split(',').map((n) => n.trim().replace(/^"(.*)"$/, '$1'));
  for (const name of names) {
    if (!NAME.test(name)) throw parseError(`failed to parse ${what} parameter (${value})`, `unexpected "${name}"`);
  }
  return names;
}

/**
 * `column=op.value`, `column=not.op.value`, `or=(…)`, `and=(…)`, `not.or=(…)`.
 * @param {string} key @param {string} value
 * @returns {Filter}
 */
function parseFilterParam(key, value) {
  const logic = /^(not\.)?(and|or)$/.exec(key);
  if (logic) {
    const parser = new LogicParser(value);
    const children = parser.parseGroup();
    parser.expectEnd();
    return { kind: /** @type {'and' | 'or'} */ (logic[2]), negate: Boolean(logic[1]), children };
  }
  if (!NAME.test(key)) throw parseError(`failed to parse filter (${key})`, `"${key}" is not a column name`);
  return parseCondition(key, value, false);
}

/**
 * `op.value` or `not.op.value` for the given column; `inTree` allows quoted values.
 * @param {string} column @param {string} text @param {boolean} inTree
 * @returns {Condition}
 */
function parseCondition(column, text, inTree) {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  if (dot === -1 || !OPERATORS.has(operator)) {
    throw parseError(`failed to parse filter (${text})`, `unknown operator in "${column}=${text}"`);
  }
  const raw = rest.slice(dot + 1);
  if (operator === 'in') return { kind: 'condition', column, operator, negate, value: parseList(raw, text) };
  const value = inTree ? unquote(raw) : raw;
  if (operator === 'is' && !IS_VALUES.has(value.toLowerCase())) {
    throw parseError(`failed to parse filter (${text})`, 'is. takes null, not_null, true, false or unknown');
  }
  return { kind: 'condition', column, operator, negate, value: operator === 'is' ? value.toLowerCase() : value };
}

/** `(a,b,"c,d")` → ['a', 'b', 'c,d'] @param {string} raw @param {string} whole */
function parseList(raw, whole) {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`failed to parse filter (${whole})`, 'in. takes a parenthesised list');
  }
  return listItems(raw.slice(1, -1), whole);
}

/**
 * The texts of an array literal `{a,"b,c"}` (cs.), read as an in. list is; null when it is not
 * one. @param {string} raw
 * @returns {string[] | null}
 */
export function arrayItems(raw) {
  if (!raw.startsWith('{') || !raw.endsWith('}')) return null;
  try {
    return listItems(raw.slice(1, -1), raw);
  } catch {
    return null;
  }
}

/** The comma-separated items of a list's inside, each plain or double-quoted. @param {string} inner @param {string} whole */
function listItems(inner, whole) {
  if (inner === '') return [];
  /** @type {string[]} */
  const items = [];
  let i = 0;
  while (i <= inner.length) {
    if (inner[i] === '"') {
      const [value, end] = readQuoted(inner, i);
      items.push(value);
      i = end;
      if (i < inner.length && inner[i] !== ',') throw parseError(`failed to parse filter (${whole})`);
      i += 1;
    } else {
      const comma = inner.indexOf(',', i);
      const end = comma === -1 ? inner.length : comma;
      items.push(inner.slice(i, end));
      i = end + 1;
    }
  }
  return items;
}

/**
 * A double-quoted value with backslash escapes, starting at `start`.
 * @param {string} text @param {number} start
 * @returns {[string, number]} the value and the position after the closing quote
 */
function readQuoted(text, start) {
  let value = '';
  for (let i = start + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 1;
    } else if (ch === '"') {
      return [value, i + 1];
    } else {
      value += ch;
    }
  }
  throw parseError('failed to parse filter', 'unterminated quoted value');
}

/** @param {string} raw */
function unquote(raw) {
  if (!raw.startsWith('"')) return raw;
  const [value, end] = readQuoted(raw, 0);
  if (end !== raw.length) throw parseError(`failed to parse filter (${raw})`);
  return value;
}

/**
 * Recursive descent over `(item,item,…)` where an item is `column.op.value`,
 * `column.not.op.value`, or a nested `and(…)`, `or(…)`, `not.and(…)`, `not.or(…)`.
 */
class LogicParser {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
    this.pos = 0;
    this.depth = 0;
  }

  /** @param {string} why */
  fail(why) {
    return parseError(`failed to parse logic tree (${this.text})`, why);
  }

  /** @returns {Filter[]} */
  parseGroup() {
    if (this.text[this.pos] !== '(') throw this.fail(`expected "(" at ${this.pos}`);
    if (++this.depth > 8) throw this.fail('logic trees nest at most 8 levels');
    this.pos += 1;
    /** @type {Filter[]} */
    const children = [];
    for (;;) {
      children.push(this.parseItem());
      const ch = this.text[this.pos];
      this.pos += 1;
      if (ch === ')') break;
      if (ch !== ',') throw this.fail(`expected "," or ")" at ${this.pos - 1}`);
    }
    this.depth -= 1;
    return children;
  }

  /** @returns {Filter} */
  parseItem() {
    const nested = /^(not\.)?(and|or)\(/.exec(this.text.slice(this.pos));
    if (nested) {
      this.pos += nested[0].length - 1;
      const children = this.parseGroup();
      return { kind: /** @type {'and' | 'or'} */ (nested[2]), negate: Boolean(nested[1]), children };
    }
    const dot = this.text.indexOf('.', this.pos);
    if (dot === -1) throw this.fail(`expected column.operator.value at ${this.pos}`);
    const column = this.text.slice(this.pos, dot);
    if (!NAME.test(column)) throw this.fail(`"${column}" is not a column name`);
    this.pos = dot + 1;
    const start = this.pos;
    this.skipValue();
    return parseCondition(column, this.text.slice(start, this.pos), true);
  }

  /** Moves past `[not.]op.value`, where value may be quoted or an in.(…) list. */
  skipValue() {
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === '"') {
        this.pos = readQuoted(this.text, this.pos)[1];
      } else if (ch === '(') {
        const close = this.findListEnd(this.pos);
        this.pos = close + 1;
      } else if (ch === ',' || ch === ')') {
        return;
      } else {
        this.pos += 1;
      }
    }
  }

  /** @param {number} open position of the ( */
  findListEnd(open) {
    for (let i = open + 1; i < this.text.length; i += 1) {
      if (this.text[i] === '"') i = readQuoted(this.text, i)[1] - 1;
      else if (this.text[i] === ')') return i;
    }
    throw this.fail('unterminated list');
  }

  expectEnd() {
    if (this.pos !== this.text.length) throw this.fail(`unexpected text at ${this.pos}`);
  }
}
