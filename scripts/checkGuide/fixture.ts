// The extracted guide as a JSON fixture (test/fixtures/rdsV4Guide.json, rdsV3Guide.json), laid out as
// prettier lays JSON out (objects expanded, field rows and short arrays on one line), so that the
// fixture reads well and `prettier --check` passes on it.
import type { GuideEndpoint } from './parse';

const PRINT_WIDTH = 120;

export interface GuideFixture {
  about: string;
  /** Where the markdown came from, as the command line named it. */
  source: string;
  version: string;
  endpoints: GuideEndpoint[];
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isFieldRow = (v: unknown) => isObject(v) && typeof v.name === 'string' && 'format' in v;

/**
 * `indent` is the current indentation, `prefixLength` what precedes the value on its line (key),
 * `suffixLength` what follows (a comma). `compact`: the value may go on one line when it fits (field
 * rows and what they hold).
 */
function layout(value: unknown, indent: string, prefixLength: number, suffixLength: number, compact: boolean): string {
  const fits = (s: string) =>
    indent.length + prefixLength + s.length + suffixLength <= PRINT_WIDTH && !s.includes('\n');
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const allPrimitive = value.every((v) => v === null || typeof v !== 'object');
    const oneLineRows = value.every((v) => isFieldRow(v) || compact);
    const breaks =
      value.length > 1 &&
      value.every((v) => (isObject(v) && Object.keys(v).length > 0) || (Array.isArray(v) && v.length > 1));
    if ((allPrimitive || (oneLineRows && !breaks)) && fits(inline(value))) return inline(value);
    const items = value.map(
      (v, k) => inner + layout(v, inner, 0, k < value.length - 1 ? 1 : 0, compact || isFieldRow(v)),
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    if (compact && fits(inline(value))) return inline(value);
    const items = entries.map(([k, v], n) => {
      const key = `${JSON.stringify(k)}: `;
      return inner + key + layout(v, inner, key.length, n < entries.length - 1 ? 1 : 0, compact);
    });
    return `{\n${items.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export const fixtureText = (fixture: GuideFixture): string => `${layout(fixture, '', 0, 0, false)}\n`;
