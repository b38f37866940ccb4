// Stands in for undici's lib/web/fetch/body.js inside dist/main.js (esbuild plugin, see
// esbuild.mjs). undici's HTTP/1 and HTTP/2 clients load it only to send a FormData body, which
// the extension never sends; with it come fetch's body, FormData parser, WebIDL and URL helpers
// (~41 KB minified). The .vsix budget is 2 MB.
'use strict';
module.exports = {
  extractBody() {
    throw new Error('FormData request bodies are not supported by this bundle of undici.');
  },
};
