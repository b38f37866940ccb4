// `npm run check:guide -- [options] <guide.md> [...]`: the drift check (issue 61, item 5). Reads NHN
// Cloud's "RDS for MySQL API" guides as published (the markdown of the public repository TOAST-DOCS/RDS,
// e.g. en/public/api-guide-mysql-v4.0.md; the layout before 2026-05 too), takes each one's API version
// from its paths, and prints per endpoint what differs from this project's operations table: endpoints
// missing on either side, request fields the schema does not know, listed values it refuses,
// required-ness that differs, and the guide's examples the schemas refuse. Exit 1 when a difference is
// not in scripts/checkGuide/accepted.ts (the guide's own typos and placeholders, each with its reason).
//
// Options:
//   --write-fixture <file.json>  also write the guide's endpoints as extracted (one guide only), the
//                                fixture the unit tests read: test/fixtures/rdsV4Guide.json, rdsV3Guide.json
//   --show-accepted              list the accepted differences too, with their reasons
//   --partial                    the guide is an excerpt: do not report the operations it leaves out
//   --source <text>              where the guide came from, for the fixture (default: its path from `en/`)
//   --json                       print the differences as JSON instead
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCEPTED, ACCEPTED_MARIADB } from './accepted';
import { RDS_PRODUCTS } from '../../src/client/products';
import { acceptedFor, differences, guideProduct, operationsOf, report } from './check';
import { fixtureText } from './fixture';
import { parseGuide } from './parse';

const USAGE =
  'usage: npm run check:guide -- [--write-fixture <out.json>] [--source <text>] [--show-accepted] [--partial] [--json] <guide.md> [...]';

interface Options {
  guides: string[];
  fixture?: string;
  source?: string;
  showAccepted: boolean;
  partial: boolean;
  json: boolean;
}

function options(argv: string[]): Options {
  const o: Options = { guides: [], showAccepted: false, partial: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--write-fixture') o.fixture = argv[++i];
    else if (a === '--show-accepted') o.showAccepted = true;
    else if (a === '--json') o.json = true;
    else if (a === '--partial') o.partial = true;
    else if (a === '--source') o.source = argv[++i];
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.guides.push(a);
  }
  if (!o.guides.length) throw new Error('name at least one guide');
  if (o.fixture !== undefined && (!o.fixture || o.guides.length !== 1))
    throw new Error('--write-fixture takes a file name and exactly one guide');
  return o;
}

/** Runs the check; returns the exit code. */
export function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(`${s}\n`)): number {
  let o: Options;
  try {
    o = options(argv);
  } catch (e) {
    out(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  let failed = false;
  const all: unknown[] = [];
  for (const file of o.guides) {
    const text = readFileSync(file, 'utf8');
    const guide = parseGuide(text);
    const product = guideProduct(text);
    const diffs = differences(guide.version, guide.endpoints, operationsOf(guide.version, product), {
      partial: o.partial,
    });
    const r = report(
      path.basename(file),
      guide.version,
      guide.endpoints,
      diffs,
      acceptedFor([...ACCEPTED, ...ACCEPTED_MARIADB], product),
      o.showAccepted,
    );
    if (r.open.length) failed = true;
    if (o.json)
      all.push({ guide: file, version: guide.version, endpoints: guide.endpoints.length, differences: r.open });
    else {
      out(r.text);
      if (guide.warnings.length)
        out(`\nReading the guide: ${guide.warnings.length} warnings\n  ${guide.warnings.join('\n  ')}`);
      if (guide.cleaned.length) out(`Examples parsed after cleaning: ${guide.cleaned.join('; ')}`);
      if (o.guides.length > 1) out('');
    }
    if (o.fixture) {
      writeFileSync(
        o.fixture,
        fixtureText({
          about:
            `Every endpoint of the ${RDS_PRODUCTS[product].label} API ${guide.version} guide (${guide.endpoints.length} endpoints): ` +
            'method, path, required permission, request fields (with the values their descriptions list and ' +
            "whether they are required), response field names, and the guide's first examples, extracted by " +
            '`npm run check:guide -- --write-fixture` (scripts/checkGuide) so that the tests check the operations ' +
            'table against the guide on a clone with nothing beside it.',
          source: o.source ?? `TOAST-DOCS/RDS ${guideSource(file)}`,
          version: guide.version,
          endpoints: guide.endpoints,
        }),
      );
      if (!o.json) out(`Wrote ${guide.endpoints.length} endpoints to ${o.fixture}`);
    }
  }
  if (o.json) out(JSON.stringify(all, null, 2));
  return failed ? 1 : 0;
}

/** `en/public/api-guide-mysql-v4.0.md` from a path that holds it; the file name otherwise. */
function guideSource(file: string): string {
  const parts = path.resolve(file).split(path.sep);
  const en = parts.lastIndexOf('en');
  if (en >= 0) return parts.slice(en).join('/');
  const name = parts[parts.length - 1];
  const site = parts[parts.length - 2];
  return /^api-guide/.test(name) && site ? `en/${site}/${name}` : name;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
