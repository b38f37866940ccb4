// The page shell of every webview panel (src/panels/html.ts): the exact Content-Security-Policy,
// escaping of every text put into the page, the l10n data block that no text can close, and a
// fresh random nonce per page. webviews.test.ts proves the policy in Chromium; this file pins
// each directive so a weakened one fails here (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml, nonce, panelHtml } from '../../../src/panels/html';

const base = {
  cspSource: 'https://ext.example',
  nonce: 'N0nce+/=',
  scriptUri: 'https://ext.example/dist/webviews/createInstance.js',
  chunkRootUri: 'https://ext.example/dist/webviews/chunks',
  styleUri: 'https://ext.example/media/webview.css',
  title: 'Create',
  kind: 'createInstance' as const,
};

const cspOf = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];

test('the policy allows nothing but our nonce’d entry, its chunk folder, our styles and fonts', () => {
  assert.equal(
    cspOf(panelHtml(base)),
    "default-src 'none'; img-src https://ext.example data:; font-src https://ext.example; style-src https://ext.example 'nonce-N0nce+/='; script-src 'nonce-N0nce+/=' https://ext.example/dist/webviews/chunks/",
  );
});

test('the chunk folder always ends in one slash, and a path cannot add a directive or leave the attribute', () => {
  assert.match(
    cspOf(panelHtml({ ...base, chunkRootUri: 'https://e/x///' }))!,
    /script-src 'nonce-N0nce\+\/=' https:\/\/e\/x\/$/,
  );
  const hostile = panelHtml({ ...base, chunkRootUri: `https://e/a b;c,d'e"f<g>h` });
  assert.equal(
    /script-src [^;]*$/.exec(cspOf(hostile)!)?.[0],
    "script-src 'nonce-N0nce+/=' https://e/a%20b%3Bc%2Cd%27e%22f%3Cg%3Eh/",
  );
});

test('the page: language, stylesheet, title, panel kind, the data block, and the module script with the nonce', () => {
  const html = panelHtml({ ...base, l10n: { language: 'ko', bundle: { Save: '저장' } } });
  assert.match(html, /^<!DOCTYPE html>\n<html lang="ko">\n<head>\n<meta charset="utf-8">\n/);
  assert.ok(html.includes('<link rel="stylesheet" href="https://ext.example/media/webview.css">'));
  assert.ok(html.includes('<title>Create</title>'));
  assert.ok(html.includes('<body data-panel="createInstance">'));
  assert.ok(
    html.includes(
      '<script type="application/json" id="nhncloud-l10n">{"language":"ko","bundle":{"Save":"저장"}}</script>',
    ),
  );
  assert.ok(html.includes('<main id="app" aria-busy="true" aria-live="polite"></main>'));
  assert.ok(
    html.includes(
      '<script type="module" nonce="N0nce+/=" src="https://ext.example/dist/webviews/createInstance.js"></script>',
    ),
  );
  assert.ok(html.endsWith('</body>\n</html>'));
  assert.equal((html.match(/<script/g) ?? []).length, 2, 'no other script element');
});

test('without a bundle the page says English and carries none', () => {
  assert.ok(panelHtml(base).includes('<html lang="en">'));
  assert.ok(panelHtml(base).includes('{"language":"en","bundle":null}'));
  assert.ok(panelHtml({ ...base, l10n: { language: 'ja' } }).includes('{"language":"ja","bundle":null}'));
});

test('no text can close the data block or leave an attribute or the title', () => {
  const html = panelHtml({
    ...base,
    title: '</title><script>alert(1)</script>',
    styleUri: 'x" onload="alert(1)',
    scriptUri: "y' onerror='alert(2)",
    l10n: { language: 'en"><script>', bundle: { a: '</script><script>alert(3)</script>' } },
  });
  assert.ok(html.includes('<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>'));
  assert.ok(html.includes('href="x&#34; onload=&#34;alert(1)"'));
  assert.ok(html.includes('src="y&#39; onerror=&#39;alert(2)"'));
  assert.ok(html.includes('<html lang="en&#34;&#62;&#60;script&#62;">'));
  assert.ok(html.includes('\\u003c/script>\\u003cscript>alert(3)\\u003c/script>'));
  assert.equal((html.match(/<script/g) ?? []).length, 2);
});

test('escapeHtml escapes the five characters that matter and nothing else', () => {
  assert.equal(escapeHtml(`a&b<c>d"e'f`), 'a&#38;b&#60;c&#62;d&#34;e&#39;f');
  assert.equal(escapeHtml('plain ü 1/2'), 'plain ü 1/2');
});

test('a nonce is 18 random bytes in base64, new for every page', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const n = nonce();
    assert.match(n, /^[A-Za-z0-9+/]{24}$/);
    assert.equal(Buffer.from(n, 'base64').length, 18);
    seen.add(n);
  }
  assert.equal(seen.size, 50);
  assert.notEqual(new Set([...seen].map((n) => Buffer.from(n, 'base64').toString('hex'))).size, 1);
  assert.ok(
    [...seen].some((n) => Buffer.from(n, 'base64').some((b) => b !== 0)),
    'not all zero bytes',
  );
});
