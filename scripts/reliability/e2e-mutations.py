#!/usr/bin/env python3
"""The end-to-end counterpart of mutations.py: removes one protection, rebuilds dist/, runs
test/e2e/scenarios/reliability.mjs, restores the sources and rebuilds. CAUGHT means the
scenario file failed. Run from the repository root: python3 scripts/reliability/e2e-mutations.py [filter]."""
import subprocess, sys

M = [
  ('webview CSP allows inline script', [("src/panels/html.ts", "`script-src 'nonce-${opts.nonce}'`", "`script-src ${opts.cspSource} 'unsafe-inline'`")]),
  ('webview messages not checked', [("src/panels/protocol.ts", "  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;\n  if (type === 'ready') {", "  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;\n  if (type !== 'request') return { ok: true, message: { type: 'ready' } };\n  if (type === 'ready') {")]),
  ('Stop DB Instance without confirmation', [("src/rds/commands/lifecycle.ts", "      await confirm(`Stop ${t.data.dbInstanceName}?`, 'Stop', 'Connections are closed; the instance keeps its storage and can be started again.');\n", "")]),
  # getChildren never throws, in two layers (the folder's own load, and the provider's guard): remove both.
  ('tree load failure not turned into an error node', [
      ("src/shared/tree/nodes.ts", "        return [new ErrorNode(this, e)];", "        throw e;"),
      ("src/shared/tree/explorer.ts", "      return [new ErrorNode(el, e)];", "      throw e;"),
  ]),
  ('log redaction off (transport headers and the channel)', [
      ("src/client/http/transport.ts", "JSON.stringify(this.redactor.headers(headers))", "JSON.stringify(headers)"),
      ("src/shared/log.ts", "    this.channel.debug(this.redactor.text(message));", "    this.channel.debug(message);"),
  ]),
  ('proxy setting ignored', [("src/client/http/transport.ts", "    if (!this.proxied) return this.direct;", "    return this.direct;")]),
]

def build():
    subprocess.run(['npm', 'run', '-s', 'build'], capture_output=True, check=True)

flt = sys.argv[1] if len(sys.argv) > 1 else ''
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
                print(f'SKIPPED  {name}: not found once in {path}', flush=True)
                ok = False
                break
            open(path, 'w').write(cur.replace(old, new))
        if not ok:
            continue
        build()
        r = subprocess.run(['node', 'scripts/e2e/run.mjs', 'reliability', '--skip-exthost'], capture_output=True, text=True, timeout=900)
        failed = [l.strip() for l in r.stdout.splitlines() if l.startswith('✗')]
        print(f"{'CAUGHT ' if r.returncode != 0 else 'MISSED '} {name}: {failed[0][:160] if failed else 'all scenarios passed'}", flush=True)
    finally:
        for path, src in saved.items():
            open(path, 'w').write(src)
build()
