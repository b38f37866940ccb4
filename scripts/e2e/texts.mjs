// The texts a scenario looks for, in the display language of its run. Every scenario is written
// once with the extension's English source texts; run in Korean or Japanese, the same code looks
// each text up in the bundles the extension itself reads (l10n/bundle.l10n.<locale>.json for
// messages, package.nls.<locale>.json for manifest titles), so a scenario proves the translated
// flow, not a hand-picked copy of it.
//   t.l('Profile "{0}" added and active.', name)  a message, formatted; throws if it is not one
//   t.lre('{0}: done in {1}.', title)             the same as a RegExp, missing arguments matching anything
//   t.lpart('Regions to show in the explorer ...') the longest run of the translated message
//                                                   without a placeholder (for "contains" checks)
//   t.nls('Add Profile')                            a manifest text (command title, view name...)
//   t.cmd('Add Profile')                            a palette entry: "NHN Cloud: " + its title
// The helpers of browser.mjs (runCommand, treeRow, expandRow, quick.*, notification, dialog,
// menu) translate a text that is exactly a message or a manifest text by themselves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './codeServer.mjs';

/**
 * The locales a scenario file runs in unless it exports its own `locales`: English and Korean
 * (the guide: "in English and Korean, Japanese where a dialog is answered").
 */
export const DEFAULT_LOCALES = ['en', 'ko'];

/**
 * The locales of a file whose purpose is answering modal dialogs and confirmations by their
 * buttons (`dialogs.mjs`: the flows that once compared the pressed button with English text;
 * `reliability.mjs`: every destructive command asks, and Cancel or Escape changes nothing):
 * Japanese too, a third language where a decision could hinge on translated text. The other
 * files answer their dialogs through the same `action(id, title)` buttons (src/shared/prompts.ts)
 * that these prove, and the lint rule nhncloud/no-text-decisions guards the product's side
 * statically; a Japanese run of them repeats what Korean proved through the same code.
 */
export const ANSWERS_DIALOGS = ['en', 'ko', 'ja'];

/** Every display language the extension has (its bundles: l10n/bundle.l10n.<locale>.json). */
export const ALL_LOCALES = ['en', 'ko', 'ja'];

const readJson = (file) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const format = (text, args) =>
  text.replace(/\{(\d+)\}/g, (m, i) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));

export function texts(locale = 'en') {
  const english = readJson('l10n/bundle.l10n.json');
  const nlsEnglish = readJson('package.nls.json');
  const local = locale === 'en' ? english : readJson(`l10n/bundle.l10n.${locale}.json`);
  const nlsLocal = locale === 'en' ? nlsEnglish : readJson(`package.nls.${locale}.json`);
  // English manifest text -> its key (the first key wins; titles repeat only with equal translations).
  const nlsKeyOf = new Map();
  for (const [key, value] of Object.entries(nlsEnglish)) if (!nlsKeyOf.has(value)) nlsKeyOf.set(value, key);

  // VS Code draws `$(icon)` as an icon: what a person sees is the text around it.
  const onScreen = (text) => text.replace(/\$\([A-Za-z0-9~-]+\)\s*/g, '');
  const message = (msg) => {
    if (!(msg in english)) throw new Error(`e2e text: "${msg}" is not a message of l10n/bundle.l10n.json`);
    const text = local[msg];
    if (typeof text !== 'string') throw new Error(`e2e text: "${msg}" has no ${locale} translation`);
    return onScreen(text);
  };
  const manifest = (value) => {
    const key = nlsKeyOf.get(value);
    if (!key) throw new Error(`e2e text: "${value}" is not a text of package.nls.json`);
    const text = nlsLocal[key];
    if (typeof text !== 'string') throw new Error(`e2e text: "${key}" has no ${locale} translation`);
    return text;
  };
  // A count of 1 asked for with the message for other counts ("{0} staged changes", 1) is the
  // scenario's mistake, not the screen's: the extension shows the singular message (plural() of
  // src/shared/l10n.ts, enforced by the counts-plural lint rule). Said here, so the next one is
  // named at its line instead of failing as a timeout.
  const englishKeys = Object.keys(english);
  const countedRight = (msg, args) => {
    for (const m of msg.matchAll(/\{(\d+)\}/g)) {
      if (args[Number(m[1])] !== 1) continue;
      // The counted noun is one of the next three words ("{0} rows", "{0} staged changes").
      const head = msg.slice(0, m.index + m[0].length);
      const words = msg.slice(head.length).split(' ').slice(1, 4);
      for (let j = 0; j < words.length; j++) {
        const w = /^([A-Za-z]+?)(e?s)([.,:]?)$/.exec(words[j]);
        if (!w) continue;
        const before = [head, ...words.slice(0, j)].join(' ');
        const singular = englishKeys.find(
          (k) =>
            k !== msg &&
            [w[1], w[1] + (w[2] === 'es' ? 'e' : '')].some((one) =>
              [' ', '.', ',', ':'].some((end) => k.startsWith(`${before} ${one}${end}`) || k === `${before} ${one}`),
            ),
        );
        if (singular) throw new Error(`e2e text: "${msg}" with {${m[1]}} = 1: the extension shows "${singular}"`);
      }
    }
    return msg;
  };
  const api = {
    locale,
    l: (msg, ...args) => format(message(countedRight(msg, args)), args),
    /** The translated message as a RegExp: given arguments filled in, missing ones (undefined) match anything. */
    lre(msg, ...args) {
      const parts = message(countedRight(msg, args)).split(/(\{\d+\})/);
      return new RegExp(
        parts
          .map((p) => {
            const m = /^\{(\d+)\}$/.exec(p);
            if (!m) return escapeRegExp(p);
            const v = args[Number(m[1])];
            return v === undefined ? '[\\s\\S]*?' : escapeRegExp(String(v));
          })
          .join(''),
      );
    },
    /** The arguments of the translated message `msg` as shown in `shown` (undefined when it is not there). */
    lparse(msg, shown) {
      const parts = message(msg).split(/(\{\d+\})/);
      const order = [];
      const re = new RegExp(
        parts
          .map((p) => (/^\{(\d+)\}$/.test(p) ? (order.push(Number(p.slice(1, -1))), '([\\s\\S]*?)') : escapeRegExp(p)))
          .join('') + '$',
      );
      const m = re.exec(shown.trim()) ?? new RegExp(re.source.slice(0, -1)).exec(shown);
      if (!m) return undefined;
      const args = [];
      order.forEach((i, k) => (args[i] = m[k + 1]));
      return args;
    },
    lpart(msg) {
      const runs = message(msg)
        .split(/\{\d+\}/)
        .map((s) => s.trim());
      return runs.reduce((a, b) => (b.length > a.length ? b : a), '');
    },
    nls: manifest,
    cmd: (title) => `NHN Cloud: ${manifest(title)}`,
    /**
     * What the helpers look for when a scenario gives English text:
     *   - exactly a message or a manifest text: its translation;
     *   - a fragment of messages (e.g. 'deletion protection is on'): a RegExp that matches the
     *     text itself (it may be data: 'KR1', a bucket name) or any whole translated message
     *     whose English contains the fragment, placeholders matching anything;
     *   - anything else: unchanged.
     * In English only the icons of a message are dropped (`$(check) Save profile`).
     */
    auto(text) {
      if (typeof text !== 'string') return text;
      if (text in english) return message(text);
      const palette = /^NHN Cloud: (.+)$/.exec(text);
      if (palette && nlsKeyOf.has(palette[1])) return `NHN Cloud: ${manifest(palette[1])}`;
      if (nlsKeyOf.has(text)) return manifest(text);
      if (locale === 'en' || text.length < 3) return text;
      const containing = [
        ...Object.keys(english)
          .filter((k) => k.includes(text) && typeof local[k] === 'string')
          .map((k) => local[k]),
        ...Object.entries(nlsEnglish)
          .filter(([k, v]) => typeof v === 'string' && v.includes(text) && typeof nlsLocal[k] === 'string')
          .map(([k]) => nlsLocal[k]),
      ];
      if (!containing.length || containing.length > 200) return text;
      const whole = containing.map((k) =>
        onScreen(k)
          .split(/\{\d+\}/)
          .map(escapeRegExp)
          .join('[\\s\\S]*?'),
      );
      return new RegExp([escapeRegExp(text), ...whole].join('|'));
    },
    /** Whether `shown` (text on screen) contains what `auto(text)` looks for. */
    shows(shown, text) {
      const want = api.auto(text);
      return typeof want === 'string' ? shown.toLowerCase().includes(want.toLowerCase()) : want.test(shown);
    },
  };
  return api;
}
