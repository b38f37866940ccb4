#!/usr/bin/env python3
"""The end-to-end counterpart of mutations.py: removes one protection, rebuilds dist/, runs
test/e2e/scenarios/reliability.mjs, restores the sources and rebuilds. CAUGHT means the
scenarios ran and one failed; STALE (the protected code is gone), CRASHED (nothing ran) and MISSED
fail the run (exit 1). Run from the repository root: python3 scripts/reliability/e2e-mutations.py [filter]."""
import subprocess, sys

M = [
  ('webview CSP allows inline script', [("src/panels/html.ts", "`script-src 'nonce-${opts.nonce}' ${cspPath(opts.chunkRootUri)}`", "`script-src 'unsafe-inline' ${cspPath(opts.chunkRootUri)}`")]),
  ('webview messages not checked', [("src/panels/protocol.ts", "  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;\n  if (type === 'ready') {", "  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;\n  if (type !== 'request') return { ok: true, message: { type: 'ready' } };\n  if (type === 'ready') {")]),
  ('Stop DB Instance without confirmation', [("src/rds/commands/lifecycle.ts", "      await confirm(vscode.l10n.t('Stop {0}?', t.data.dbInstanceName), vscode.l10n.t('Stop'), vscode.l10n.t('Connections are closed; the instance keeps its storage and can be started again.'));\n", "")]),
  # getChildren never throws, in two layers (the folder's own load, and the provider's guard): remove both.
  ('tree load failure not turned into an error node', [
      ("src/shared/tree/nodes.ts", "        return [new ErrorNode(this, e)];", "        throw e;"),
      ("src/shared/tree/explorer.ts", "      return [new ErrorNode(el, e)];", "      throw e;"),
  ]),
  ('log redaction off (transport headers and the channel)', [
      ("src/client/http/transport.ts", "JSON.stringify(this.redactor.headers(headers))", "JSON.stringify(headers)"),
      ("src/shared/log.ts", "    if (this.enabled('trace')) this.channel.trace(this.redactor.text(message));", "    if (this.enabled('trace')) this.channel.trace(message);"),
      ("src/shared/log.ts", "    if (this.enabled('debug')) this.channel.debug(this.redactor.text(message));", "    if (this.enabled('debug')) this.channel.debug(message);"),
      ("src/shared/log.ts", "    this.channel.info(this.redactor.text(message));", "    this.channel.info(message);"),
  ]),
  ('proxy setting ignored', [("src/client/http/transport.ts", "    if (!this.proxied) return this.direct;", "    return this.direct;")]),
]

def build():
    subprocess.run(['npm', 'run', '-s', 'build'], capture_output=True, check=True)

flt = sys.argv[1] if len(sys.argv) > 1 else ''
bad = []
for name, edits in M:
    if flt and flt not in name:
        continue
    saved = {}
    try:
        ok = True
        for path, old, new in edits:
            src = saved.setdefault(path, open(path).read())
            cur = open(path).read()
            if cur.count(old) != 1:
                print(f'STALE    {name}: the protected code was found {cur.count(old)} times in {path}, not once', flush=True)
                bad.append(name)
                ok = False
                break
            open(path, 'w').write(cur.replace(old, new))
        if not ok:
            continue
        build()
        r = subprocess.run(['node', 'scripts/e2e/run.mjs', 'reliability', '--skip-exthost'], capture_output=True, text=True, timeout=900)
        failed = [l.strip() for l in r.stdout.splitlines() if l.startswith('✗')]
        passed = [l for l in r.stdout.splitlines() if l.startswith('✓')]
        # CAUGHT only when the scenarios ran (some passed) and one failed; a run where nothing
        # passed (the build or the setup broke) proves nothing: CRASHED.
        verdict = 'CAUGHT ' if r.returncode != 0 and failed and passed else 'CRASHED' if r.returncode != 0 else 'MISSED '
        if verdict != 'CAUGHT ':
            bad.append(name)
        print(f"{verdict} {name}: {failed[0][:160] if failed else 'all scenarios passed'}", flush=True)
    finally:
        for path, src in saved.items():
            open(path, 'w').write(src)
build()
print(f"\n{len(bad)} mutation(s) not caught, stale or crashed{': ' + ', '.join(bad) if bad else ''}")
sys.exit(1 if bad else 0)
