// ESLint rule `nhncloud/one-date-formatter`: every date a person reads goes through the one
// formatter of src/shared/l10n.ts (formatDateTime, formatTimestamp, formatTime), in the display
// language (issue 63: the base-backup list showed "2026-12-06T09:35:18.794+09:00", the bucket
// pick a raw ISO text; issue 25, rough edge 19 before it).
// It reports, outside src/shared/l10n.ts:
//   - `toLocaleString()`, `toLocaleDateString()`, `toLocaleTimeString()`, `toISOString()` and
//     `Intl.DateTimeFormat`: each writes a date its own way (numbers: formatCount/formatNumber);
//     a date sent to the API is written by toApiDateTime (src/client/rds/schemas/fields.ts);
//   - a timestamp field of the services (`createdYmdt`, `creationDate`, `lastModified`, ...)
//     shown as it came: an argument of l10n.t, a part of a template, an element of a table row,
//     or a label, description, detail or tooltip.
// A stamp that no person reads as a date (a file name, stored state) says so in an
// eslint-disable comment. test/unit/shared/oneDateFormatter.test.ts proves each case.

import { isL10nCall } from './astHelpers.mjs';

const FORMATTING = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toISOString']);
/** The services' timestamp fields: RDS `...Ymdt`, S3 `creationDate`/`lastModified`, Neutron `created_at`. */
const TIMESTAMP_FIELD = /(?:Ymdt|^creationDate|^lastModified|^created_at|^updated_at)$/;
const SHOWN_PROPERTIES = new Set(['label', 'description', 'detail', 'tooltip', 'textContent', 'title', 'placeholder']);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Dates a person reads go through formatDateTime/formatTimestamp (src/shared/l10n.ts)' },
    messages: {
      formatting:
        '{{how}} writes a date (or number) its own way: show dates with formatDateTime/formatTimestamp/formatTime and counts with formatCount (src/shared/l10n.ts); send dates to the API with toApiDateTime.',
      raw: 'The timestamp {{field}} is shown as the service sent it: pass it through formatTimestamp (src/shared/l10n.ts).',
    },
    schema: [],
  },
  create(context) {
    /** Where a value ends up: through `a ?? b`, `a || b` and the branches of a condition. */
    function destination(node) {
      let child = node;
      let p = node.parent;
      while (
        p &&
        ((p.type === 'LogicalExpression' && p.operator !== '&&') ||
          (p.type === 'ConditionalExpression' && p.test !== child) ||
          p.type === 'TSNonNullExpression' ||
          p.type === 'TSAsExpression' ||
          p.type === 'ChainExpression')
      ) {
        child = p;
        p = p.parent;
      }
      return { child, p };
    }

    function shown(node) {
      const { child, p } = destination(node);
      if (!p) return false;
      if (p.type === 'TemplateLiteral') return true;
      if (p.type === 'ArrayExpression') return true;
      if (p.type === 'CallExpression') return isL10nCall(p) && p.arguments.indexOf(child) >= 1;
      if (p.type === 'Property' && p.value === child) {
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.value;
        return SHOWN_PROPERTIES.has(key);
      }
      if (p.type === 'AssignmentExpression' && p.right === child && p.left.type === 'MemberExpression') {
        const key = p.left.property.name ?? p.left.property.value;
        return SHOWN_PROPERTIES.has(key);
      }
      return false;
    }

    return {
      MemberExpression(node) {
        const name = node.computed ? undefined : node.property.name;
        if (!name) return;
        if (FORMATTING.has(name) && node.parent?.type === 'CallExpression' && node.parent.callee === node) {
          context.report({ node: node.property, messageId: 'formatting', data: { how: `${name}()` } });
          return;
        }
        if (name === 'DateTimeFormat' && node.object.type === 'Identifier' && node.object.name === 'Intl') {
          context.report({ node, messageId: 'formatting', data: { how: 'Intl.DateTimeFormat' } });
          return;
        }
        if (TIMESTAMP_FIELD.test(name) && !(node.parent?.type === 'MemberExpression' && node.parent.object === node)) {
          if (node.parent?.type === 'AssignmentExpression' && node.parent.left === node) return;
          if (shown(node)) context.report({ node, messageId: 'raw', data: { field: name } });
        }
      },
    };
  },
};
