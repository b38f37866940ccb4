// Where an object lands on disk when a folder (prefix, bucket) is downloaded. Object keys are
// any UTF-8 text: `../../.bashrc`, `a\..\..\x` (a separator on Windows), `C:evil`, `NUL`,
// control characters. The one rule: whatever the key, the file is written inside the folder
// the user chose. Unsafe pieces are made harmless rather than refused, so one odd key does not
// stop the download of a whole folder; the path is checked against the folder at the end anyway.
import { posix, win32 } from 'node:path';
import { ValidationError } from '../errors';

/** Names Windows reserves for devices, with any extension (`NUL.txt` opens the device). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const WINDOWS_UNSAFE = /[<>:"|?*\\\u0000-\u001f]/g;

/** One key segment as a file or folder name on the platform ('' when the segment disappears). */
function segmentName(segment: string, platform: NodeJS.Platform): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: an empty segment comes out '' by the rules below as well
  if (segment === '' || segment === '.') return '';
  // `..` would climb out of the folder: keep it visible, but as a plain name.
  if (segment === '..') return '%2E%2E';
  if (platform !== 'win32') return segment.replace(/\0/g, '_');
  let name = segment.replace(WINDOWS_UNSAFE, '_');
  // Windows drops trailing dots and spaces, so `..  ` would turn back into `..`.
  name = name.replace(/[. ]+$/, (m) => '_'.repeat(m.length));
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  return name;
}

/**
 * The local path of an object under `root`, from the key's part below the downloaded prefix
 * (`relativeKey`, `/`-separated). Empty and `.` segments are dropped, `..` becomes a plain
 * name, characters the platform cannot store are replaced. Throws ValidationError when
 * nothing is left of the key (`''`, `/`, `./`).
 */
export function safeLocalPath(root: string, relativeKey: string, platform: NodeJS.Platform = process.platform): string {
  const path = platform === 'win32' ? win32 : posix;
  const names = relativeKey
    .split('/')
    .map((s) => segmentName(s, platform))
    .filter(Boolean);
  if (!names.length)
    throw new ValidationError('storage.download', [
      { path: 'key', message: `the object key "${relativeKey}" names no file` },
    ]);
  const base = path.resolve(root);
  const target = path.join(base, ...names);
  const rel = path.relative(base, target);
  // Defence in depth that no key reaches (segmentName leaves no "", "." or ".." segment), so no
  // test can kill its mutants.
  // Stryker disable all
  if (!rel || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    throw new ValidationError('storage.download', [
      { path: 'key', message: `the object key "${relativeKey}" would be written outside ${root}` },
    ]);
  // Stryker restore all
  return target;
}
