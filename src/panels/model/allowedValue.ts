// What control a parameter gets, from its `allowedValue` text and `updateType` (spec: parameter
// group). The service writes allowed values as a range ("1-65535", "[0-18446744073709551615]"),
// a list ("OFF|ON", "READ-COMMITTED,REPEATABLE-READ") or nothing. Ranges can exceed 2^53, so
// bounds are compared as BigInt. Pure: used by the webview and by the unit tests.
import { l10n } from '../../shared/l10n';

export type ParameterControl =
  | { kind: 'toggle'; on: string; off: string }
  | { kind: 'select'; options: string[] }
  | { kind: 'range'; min: string; max: string; decimal: boolean }
  | { kind: 'text' };

const RANGE = /^\[?\s*(-?\d+(?:\.\d+)?)\s*(?:-|~|\.\.)\s*(-?\d+(?:\.\d+)?)\s*\]?$/;
const ON_OFF: Array<[string, string]> = [
  ['ON', 'OFF'],
  ['TRUE', 'FALSE'],
];

export function parseAllowedValue(allowed: string | null | undefined): ParameterControl {
  const text = (allowed ?? '')
    .trim()
    .replace(/^\{(.*)\}$/, '$1')
    .trim();
  if (!text) return { kind: 'text' };
  const range = RANGE.exec(text);
  if (range) {
    const [, min, max] = range;
    return { kind: 'range', min, max, decimal: min.includes('.') || max.includes('.') };
  }
  const sep = text.includes('|') ? '|' : text.includes(',') ? ',' : undefined;
  if (!sep) return { kind: 'select', options: [text] };
  const options = text
    .split(sep)
    .map((o) => o.trim())
    .filter(Boolean);
  if (options.length === 2) {
    const upper = options.map((o) => o.toUpperCase());
    for (const [on, off] of ON_OFF) {
      if (upper.includes(on) && upper.includes(off)) {
        return { kind: 'toggle', on: options[upper.indexOf(on)], off: options[upper.indexOf(off)] };
      }
    }
  }
  return { kind: 'select', options };
}

/** Why a value is not allowed, or undefined when it is. */
export function checkParameterValue(control: ParameterControl, value: string): string | undefined {
  switch (control.kind) {
    case 'text':
      return undefined;
    case 'toggle':
      return value === control.on || value === control.off
        ? undefined
        : l10n.t('Must be {0} or {1}', control.on, control.off);
    case 'select':
      return control.options.includes(value) ? undefined : l10n.t('Must be one of {0}', control.options.join(', '));
    case 'range': {
      const v = value.trim();
      const ok = control.decimal ? /^-?\d+(\.\d+)?$/.test(v) : /^-?\d+$/.test(v);
      if (!ok) return control.decimal ? l10n.t('Must be a number') : l10n.t('Must be a whole number');
      if (compareNumbers(v, control.min) < 0 || compareNumbers(v, control.max) > 0)
        return l10n.t('Must be between {0} and {1}', control.min, control.max);
      return undefined;
    }
  }
}

/** Compares decimal strings exactly (no float rounding for 64-bit bounds). */
export function compareNumbers(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  // Sign of the fraction follows the integer part; "-0.5" parses as -05 which BigInt reads as -5.
  return x < y ? -1 : x > y ? 1 : 0;
}

export type UpdateType = 'VARIABLE' | 'CONSTANT' | 'INIT_VARIABLE';

/** Why a parameter cannot be edited here, or undefined when it can. */
export function readOnlyReason(updateType: string): string | undefined {
  if (updateType === 'CONSTANT') return l10n.t('Fixed by the service (CONSTANT): it cannot be changed.');
  if (updateType === 'INIT_VARIABLE')
    return l10n.t('Set only when an instance is created (INIT_VARIABLE): it cannot be changed afterwards.');
  return undefined;
}
