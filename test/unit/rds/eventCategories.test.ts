// Issue 63's leftover: Filter Events and Create Event Subscription offered the API's category names
// (ALL, DB_SECURITY_GROUP, DB_INSTANCE beside INSTANCE) as what a person picks. Every category the
// requests know is named in words, in English and Korean, and the instances' two spellings read as
// one category.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EVENT_CATEGORY_TYPES } from '../../../src/client/rds/schemas';
import { eventCategoryLabel } from '../../../src/rds/eventCodes';
import { setL10nBundle } from '../../../src/shared/l10n';

const ko = JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.ko.json'), 'utf8')) as Record<
  string,
  string
>;

test('every event category is named in words, in English and in Korean', () => {
  for (const c of EVENT_CATEGORY_TYPES) {
    const en = eventCategoryLabel(c);
    assert.notEqual(en, c, `${c} is shown as the API names it`);
    assert.doesNotMatch(en, /[A-Z]{2,}_|^[A-Z]+$/, `${c}: ${en}`);
    try {
      setL10nBundle(ko, 'ko');
      assert.match(eventCategoryLabel(c), /[\uac00-\ud7a3]/, `${c} in Korean`);
    } finally {
      setL10nBundle(undefined, 'en');
    }
  }
  assert.equal(eventCategoryLabel('INSTANCE'), eventCategoryLabel('DB_INSTANCE'));
});
