// Stands in for iconv-lite inside dist/mysqlDriver.js (esbuild alias, see esbuild.mjs): the
// real package adds ~200 KB of code-page tables to a .vsix with a 2 MB budget. mysql2 asks it
// only for charsets Node's Buffer lacks; our connections use utf8mb4, so the server converts
// every result to UTF-8 before it is sent. Decoding of the rest goes through Node's
// TextDecoder (ICU: euc-kr, shift_jis, gbk, big5, windows-125x...); encoding anything but
// UTF-8 fails with a message that says so instead of sending wrong bytes.
// One exception TextDecoder lacks: CESU-8, mysql2's name for MySQL's utf8mb3. MariaDB 11 sends
// the id of utf8mb3 in its handshake (its default collation's id does not fit the handshake's
// byte), so every connection to it decodes the handshake's texts as CESU-8.
'use strict';

/**
 * CESU-8 as UTF-16: UTF-8, except that a character above U+FFFF is its two UTF-16 surrogates,
 * each as a 3-byte sequence (ED A0..BF xx). Those are decoded unit by unit (adjacent units form
 * the pair again); everything between them is plain UTF-8.
 */
function decodeCesu8(buf) {
  let out = '';
  let from = 0;
  for (let i = buf.indexOf(0xed); i !== -1 && i + 2 < buf.length; i = buf.indexOf(0xed, i + 1)) {
    if (buf[i + 1] < 0xa0 || buf[i + 1] > 0xbf || (buf[i + 2] & 0xc0) !== 0x80) continue;
    out +=
      buf.toString('utf8', from, i) + String.fromCharCode(0xd000 | ((buf[i + 1] & 0x3f) << 6) | (buf[i + 2] & 0x3f));
    from = i + 3;
    i += 2;
  }
  return out + buf.toString('utf8', from);
}

function getDecoder(encoding) {
  if (String(encoding).toLowerCase() === 'cesu8') return { write: decodeCesu8, end: () => undefined };
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
    if (String(encoding).toLowerCase() === 'cesu8') return true;
    try {
      new TextDecoder(String(encoding).toLowerCase());
      return true;
    } catch {
      return false;
    }
  },
};
