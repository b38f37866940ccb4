// Imported right after ./nonce by every panel, before any module builds a label: hands the
// bundle the extension put into the page (src/panels/html.ts, `#nhncloud-l10n`) to the
// translator the panels use (`l10n.t` of src/shared/l10n.ts).
import { setL10nBundle, type L10nBundle } from '../../src/shared/l10n';

const block = document.getElementById('nhncloud-l10n');
try {
  const data = JSON.parse(block?.textContent || '{}') as { language?: string; bundle?: L10nBundle | null };
  setL10nBundle(data.bundle ?? undefined, data.language);
} catch {
  // A page without the block (or a broken one) stays in English.
}
