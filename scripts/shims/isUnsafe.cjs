// Stands in for is-unsafe inside dist/main.js and dist/sandbox.js (esbuild plugin, see
// esbuild.mjs). fast-xml-parser asks it about an entity's replacement text only when it expands
// entities, which our parser never does (`processEntities: false` in src/client/storage/xml.ts;
// entities are decoded by our own decodeXmlText). Should that change, every entity is refused:
// the safe answer. Its pattern tables are ~17 KB minified, twice.
'use strict';
module.exports = { isUnsafe: () => true, HTML: [], XML: [] };
