// Reading settings in one place: the extension's own (`nhncloud.*`) and the VS Code proxy
// settings the transport honours, with the usual environment variables as the fallback.
import * as vscode from 'vscode';
import { DEFAULT_DEADLINE_MS, parseNoProxy, type ProxySettings } from '../client/http/transport';
import { DEFAULT_MAX_LISTED } from '../client/listing';

export const SECTION = 'nhncloud';

/** Seconds to wait for an answer before a request fails (`nhncloud.requestTimeoutSeconds`). */
export function requestTimeoutMs(): number {
  const s = vscode.workspace.getConfiguration(SECTION).get<number>('requestTimeoutSeconds', 30);
  return Math.min(600, Math.max(5, Number.isFinite(s) ? s : 30)) * 1000;
}

/**
 * The total time one call may take, headers and body (the transport's deadline): 2 minutes, or
 * four times `nhncloud.requestTimeoutSeconds` when that is longer, so a raised timeout is never
 * cut short by it.
 */
export function requestDeadlineMs(): number {
  return Math.max(DEFAULT_DEADLINE_MS, 4 * requestTimeoutMs());
}

/** Keys one listing reads at most (`nhncloud.storage.maxListedKeys`, at least 1,000). */
export function maxListedKeys(): number {
  const n = vscode.workspace.getConfiguration(SECTION).get<number>('storage.maxListedKeys', DEFAULT_MAX_LISTED);
  return Number.isFinite(n) ? Math.max(1000, Math.floor(n)) : DEFAULT_MAX_LISTED;
}

/** `http.proxy`, `http.proxyStrictSSL`, `http.noProxy`, else HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
export function proxySettings(env: NodeJS.ProcessEnv = process.env): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  const url =
    http.get<string>('proxy')?.trim() ||
    env.HTTPS_PROXY ||
    env.https_proxy ||
    env.HTTP_PROXY ||
    env.http_proxy ||
    undefined;
  const noProxySetting = http.get<string[]>('noProxy') ?? [];
  const noProxy = noProxySetting.length ? noProxySetting : parseNoProxy(env.NO_PROXY ?? env.no_proxy);
  return { url, strictSSL: http.get<boolean>('proxyStrictSSL', true), noProxy };
}

/** True when a configuration change affects how requests are sent. */
export function affectsTransport(e: vscode.ConfigurationChangeEvent): boolean {
  return ['http.proxy', 'http.proxyStrictSSL', 'http.noProxy', `${SECTION}.requestTimeoutSeconds`].some((s) =>
    e.affectsConfiguration(s),
  );
}

/**
 * A setting only the person may choose: its value in the user settings (or, in a remote window,
 * the remote machine's settings), else its default; a workspace's or folder's value is ignored.
 * For the files that decide whom the extension trusts (the CA of database TLS, the SSH known
 * hosts, the SSH client configuration): a cloned repository's `.vscode/settings.json` must not
 * choose them. package.json declares these `"scope": "machine"`, so VS Code leaves a workspace's
 * value out of `get()` once it knows the extension's settings; this reads the same way before
 * that too, and whatever scope a later edit of package.json gives them.
 */
export function userSetting<T>(section: string, key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(section).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}
