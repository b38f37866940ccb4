// Stands in for iconv-lite inside dist/mysqlDriver.js (esbuild alias, see esbuild.mjs): the
// real package adds ~200 KB of code-page tables to a .vsix with a 600 KB budget. mysql2 asks it
// only for charsets Node's Buffer lacks; our connections use utf8mb4, so the server converts
// every result to UTF-8 before it is sent. Decoding of the rest goes through Node's
// TextDecoder (ICU: euc-kr, shift_jis, gbk, big5, windows-125x...); encoding anything but
// UTF-8 fails with a message that says so instead of sending wrong bytes.
'use strict';

function getDecoder(encoding) {
  const decoder = new TextDecoder(String(encoding).toLowerCase());
  return {
    write: (buf) => decoder.decode(buf, { stream: true }),
    end: () => decoder.decode() || undefined,
  };
}

function getEncoder(encoding) {
  throw new Error(
    `Encoding text as ${encoding} is not supported by NHN Cloud Explorer's database connection (it uses UTF-8).`,
  );
}

module.exports = {
  getDecoder,
  getEncoder,
  decode: (buf, encoding) => getDecoder(encoding).write(buf),
  encode: (str, encoding) => getEncoder(encoding),
  encodingExists: (encoding) => {
    try {
      new TextDecoder(String(encoding).toLowerCase());
      return true;
    } catch {
      return false;
    }
  },
};
