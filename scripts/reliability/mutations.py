#!/usr/bin/env python3
"""Removes each protection the reliability tests check, one at a time, runs the tests that
should catch it, and restores the file. Prints one line per mutation: CAUGHT, MISSED, STALE
(the protected code is no longer there) or CRASHED (nothing ran); exits 1 unless every one is CAUGHT.
Run from the repository root: python3 scripts/reliability/mutations.py [name-filter]."""
import re
import subprocess, sys

M = [
  # (name, file, old, new, test file, name pattern or None)
  ('transport: no retries', 'src/client/http/transport.ts', 'const maxAttempts = req.idempotent && replayable ? 1 + (retry.max ?? 2) : 1;', 'const maxAttempts = 1;', 'test/unit/client/faults.test.ts', 'RDS read × 5xx|network read × drop|S3 list × timeout'),
  ('transport: retry non-idempotent calls too', 'src/client/http/transport.ts', 'const maxAttempts = req.idempotent && replayable ?', 'const maxAttempts = replayable ?', 'test/unit/client/faults.test.ts', 'RDS job action × 5xx'),
  ('network: retry writes too', 'src/client/network/client.ts', "idempotent: op.method === 'GET',", 'idempotent: true,', 'test/unit/client/faults.test.ts', 'network write × 5xx'),
  ('transport: no header timeout', 'src/client/http/transport.ts', 'headersTimeout: t.headers ?? 30_000,\n      bodyTimeout: t.body ?? 60_000,\n      keepAliveTimeout', 'headersTimeout: 30_000,\n      bodyTimeout: t.body ?? 60_000,\n      keepAliveTimeout', 'test/unit/client/faults.test.ts', 'RDS read × timeout'),
  ('transfer: no abort of a failed multipart upload', 'src/client/storage/transfer.ts', 'await client.abortMultipartUpload(input.bucket, input.key, uploadId).catch(() => undefined);', '', 'test/unit/client/faults.test.ts', 'S3 multipart × 5xx'),
  ('transfer: no retry of a failed part', 'src/client/storage/transfer.ts', 'const PART_ATTEMPTS = 3;', 'const PART_ATTEMPTS = 1;', 'test/unit/client/faults.test.ts', 'one multipart part failing'),
  ('download: temporary file kept on failure', 'src/client/storage/transfer.ts', 'await unlink(tmp).catch(() => undefined);', '', 'test/unit/client/faults.test.ts', 'S3 get × cut'),
  ('s3: a broken XML answer escapes as a raw socket error', 'src/client/storage/client.ts', '      if (isApiError(err)) throw err;\n      if (input.signal?.aborted) throw new CancelledError();\n      // The headers came', '      throw err;\n      // The headers came', 'test/unit/client/faults.test.ts', 'S3 list × cut'),
  ('identity: no new token after a 401', 'src/client/network/identity.ts', "if (!(isAuthError(err) && err.reason === 'unauthenticated' && err.status === 401)) throw err;", 'throw err;', 'test/unit/client/faults.test.ts', 'token expired'),
  ('identity: no shared issuance for concurrent callers', 'src/client/network/identity.ts', 'let pending = this.pending.get(tenantId);', 'let pending: Promise<TokenSession> | undefined;', 'test/unit/client/faults.test.ts', 'token issuance × token expired'),
  ('s3: putObject without ETag accepted', 'src/client/storage/client.ts', "if (!res.headers.etag) throw this.protocolError('putObject'", "if (false) throw this.protocolError('putObject'", 'test/unit/client/faults.test.ts', 'S3 put × malformed'),
  ('s3: signature errors not mapped to AuthError', 'src/client/storage/client.ts', "case 'SignatureDoesNotMatch':", "case 'SignatureDoesNotMatch-disabled':", 'test/unit/client/faults.test.ts', 'S3 list × S3 signature error'),
  ('rds: 80401 not an AuthError', 'src/client/rds/client.ts', 'if (code === 80401)', 'if (code === -80401)', 'test/unit/client/faults.test.ts', 'RDS read × 80401'),
  ('rds: body parsed without a guard', 'src/client/rds/client.ts', "    try {\n      json = JSON.parse(text);\n    } catch {\n      json = undefined;\n    }", '    json = JSON.parse(text);', 'test/unit/client/fuzzParsers.test.ts', 'listDbInstances'),
  ('network: checkResponse throws the raw zod error', 'src/client/network/http.ts', "  const r = schema.safeParse(value);\n  if (r.success) return r.data;\n  const first", "  return (schema as any).parse(value);\n  const r = schema.safeParse(value);\n  const first", 'test/unit/client/fuzzParsers.test.ts', 'checkResponse'),
  ('xml: DOCTYPE allowed', 'src/client/storage/xml.ts', "if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw", "if (false) throw", 'test/unit/storage/xmlHostile.test.ts', 'billion-laughs|entity declarations'),
  ('xml: no nesting pre-check', 'src/client/storage/xml.ts', 'if (nestingTooDeep(text, MAX_XML_DEPTH)) throw', 'if (false) throw', 'test/unit/storage/xmlHostile.test.ts', 'unclosed|nested 100,000'),
  ('xml: no size cap', 'src/client/storage/xml.ts', 'if (text.length > MAX_XML_BYTES) throw', 'if (false) throw', 'test/unit/storage/xmlHostile.test.ts', 'over-limit'),
  ('s3: answer read without a cap', 'src/client/storage/client.ts', '    if (total > max) {\n      res.body.destroy();', '    if (false) {\n      res.body.destroy();', 'test/unit/storage/xmlHostile.test.ts', 'endless'),
  ('validators: multicast range not checked', 'src/client/network/schemas.ts', 'z.refine(isMulticastIpv4,', 'z.refine(isIpv4,', 'test/unit/client/fuzzValidators.test.ts', 'multicast'),
  ('validators: intRange without maximum', 'src/client/rds/schemas/fields.ts', ".check(z.minimum(min, `${field} ${rule}`), z.maximum(max, `${field} ${rule}`));", ".check(z.minimum(min, `${field} ${rule}`));", 'test/unit/client/fuzzValidators.test.ts', 'dbPort'),
  ('validators: CIDR host bits not checked', 'src/client/network/schemas.ts', 'if ((addr & mask) >>> 0 !== addr) return', 'if (false) return', 'test/unit/client/fuzzValidators.test.ts', 'CIDRs'),
  ('validators: bucket names with ".." accepted', 'src/client/storage/names.ts', "if (name.includes('..')) out.push", "if (false) out.push", 'test/unit/client/fuzzValidators.test.ts', 'bucket names'),
  ('safeLocalPath: ".." kept', 'src/client/storage/localPath.ts', "if (segment === '..') return '%2E%2E';", '', 'test/unit/storage/awkwardKeys.test.ts', None),
  ('safeLocalPath: Windows characters kept', 'src/client/storage/localPath.ts', "let name = segment.replace(WINDOWS_UNSAFE, '_');", 'let name = segment;', 'test/unit/storage/awkwardKeys.test.ts', 'win32'),
  ('transport: certificates never checked', 'src/client/http/transport.ts', "const strict = opts.proxy?.strictSSL !== false;", 'const strict = false;', 'test/unit/client/proxy.test.ts', 'refused by default'),
  ('transport: NODE_TLS_REJECT_UNAUTHORIZED honoured (rejectUnauthorized left to Node)', 'src/client/http/transport.ts', 'connect: { timeout: t.connect ?? 10_000, rejectUnauthorized: strict },', 'connect: { timeout: t.connect ?? 10_000, ...(strict ? {} : { rejectUnauthorized: false }) },', 'test/unit/client/proxy.test.ts', 'NODE_TLS_REJECT_UNAUTHORIZED'),
  ('transport: NO_PROXY ignored', 'src/client/http/transport.ts', 'return bypassesProxy(target, this.opts.proxy?.noProxy ?? []) ? this.direct : this.proxied;', 'return this.proxied;', 'test/unit/client/proxy.test.ts', 'NO_PROXY'),
  ('transport: proxy ignored', 'src/client/http/transport.ts', 'if (!this.proxied) return this.direct;', 'return this.direct;', 'test/unit/client/proxy.test.ts', 'pass through the proxy'),
  ('jobs: no backoff', 'src/client/rds/jobs.ts', 'delay = Math.min(max, Math.round(delay * 1.5));', '', 'test/unit/client/load.test.ts', None),
]

flt = sys.argv[1] if len(sys.argv) > 1 else ''
# A mutation counts as CAUGHT only when the test file loaded and ran (some test passed) and at
# least one test failed. A search string that is not found (STALE), a run where nothing passed
# (CRASHED: the mutant broke loading, which proves nothing about the protection) and a mutant no
# test noticed (MISSED) all fail the run.
bad = []
for name, path, old, new, test, pattern in M:
    if flt and flt not in name:
        continue
    src = open(path).read()
    if src.count(old) != 1:
        print(f'STALE    {name}: the protected code was found {src.count(old)} times in {path}, not once', flush=True)
        bad.append(name)
        continue
    open(path, 'w').write(src.replace(old, new))
    try:
        cmd = ['node', '--import', 'tsx', '--test', '--test-reporter=tap']
        if pattern:
            cmd += ['--test-name-pattern', pattern]
        r = subprocess.run(cmd + [test], capture_output=True, text=True, timeout=600)
        count = lambda word: int((re.search(rf'^# {word} (\d+)', r.stdout, re.M) or [0, 0])[1])
        passed, failed = count('pass'), count('fail')
        verdict = 'CAUGHT ' if r.returncode != 0 and failed > 0 and passed > 0 else 'CRASHED' if r.returncode != 0 else 'MISSED '
        if verdict != 'CAUGHT ':
            bad.append(name)
        print(f"{verdict} {name}  ({test}{' -t ' + pattern if pattern else ''}; {passed} passed, {failed} failed)", flush=True)
    finally:
        open(path, 'w').write(src)
print(f"\n{len(bad)} mutation(s) not caught, stale or crashed{': ' + ', '.join(bad) if bad else ''}")
sys.exit(1 if bad else 0)
