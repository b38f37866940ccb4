// `node scripts/l10n-manifest.mjs`: moves every text a person reads in package.json's
// `contributes` (command titles, view names, the welcome view, settings descriptions, the
// walkthrough) into package.nls.json, leaving `%key%` placeholders. Re-runnable: texts already
// behind a placeholder stay; new commands or settings get a key on the next run. The Korean and
// Japanese files (package.nls.ko.json, package.nls.ja.json) are written by hand; the unit test
// test/unit/shared/l10nKeys.test.ts fails while one of them lacks a key.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const pkgPath = join(ROOT, 'package.json');
const nlsPath = join(ROOT, 'package.nls.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
const nls = JSON.parse(readFileSync(nlsPath, 'utf8').trim() || '{}');
// Brand names are the same in every language.
const KEEP = new Set(['NHN Cloud']);

function place(obj, field, key) {
  const v = obj[field];
  if (typeof v !== 'string' || KEEP.has(v)) return;
  if (/^%[^%]+%$/.test(v)) return;
  if (nls[key] !== undefined && nls[key] !== v) throw new Error(`${key} already means "${nls[key]}", not "${v}"`);
  nls[key] = v;
  obj[field] = `%${key}%`;
}

const c = pkg.contributes;
const short = (id) => id.replace(/^nhncloud\./, '');
place(pkg, 'description', 'extension.description');
for (const vc of c.viewsContainers?.activitybar ?? []) place(vc, 'title', `viewContainer.${short(vc.id)}.title`);
for (const views of Object.values(c.views ?? {}))
  for (const v of views) {
    place(v, 'name', `view.${short(v.id)}.name`);
    place(v, 'contextualTitle', `view.${short(v.id)}.contextualTitle`);
  }
(c.viewsWelcome ?? []).forEach((w, i) => place(w, 'contents', `viewsWelcome.${short(w.view)}${i ? `.${i}` : ''}`));
for (const cmd of c.commands ?? []) {
  place(cmd, 'title', `command.${short(cmd.command)}`);
  place(cmd, 'shortTitle', `command.${short(cmd.command)}.short`);
}
for (const sm of c.submenus ?? []) place(sm, 'label', `submenu.${short(sm.id)}`);
const configs = Array.isArray(c.configuration) ? c.configuration : c.configuration ? [c.configuration] : [];
for (const conf of configs)
  for (const [key, prop] of Object.entries(conf.properties ?? {})) {
    for (const f of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage'])
      place(prop, f, `config.${short(key)}.${f}`);
    (prop.enumDescriptions ?? []).forEach((_, i, arr) => place(arr, i, `config.${short(key)}.enum.${i}`));
    (prop.markdownEnumDescriptions ?? []).forEach((_, i, arr) => place(arr, i, `config.${short(key)}.enum.${i}`));
  }
for (const wt of c.walkthroughs ?? []) {
  place(wt, 'title', `walkthrough.${wt.id}.title`);
  place(wt, 'description', `walkthrough.${wt.id}.description`);
  for (const step of wt.steps ?? []) {
    place(step, 'title', `walkthrough.${wt.id}.${step.id}.title`);
    place(step, 'description', `walkthrough.${wt.id}.${step.id}.description`);
    if (step.media) place(step.media, 'altText', `walkthrough.${wt.id}.${step.id}.altText`);
  }
}

writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(nlsPath, `${JSON.stringify(nls, null, 2)}\n`);
console.log(`package.nls.json: ${Object.keys(nls).length} keys`);
