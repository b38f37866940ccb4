// One Transport for the whole extension and one client per profile and region, built on first
// use from the active profile and dropped when a profile or a network setting changes.
import * as vscode from 'vscode';
import { resolveEndpoint, type Region } from '../client/endpoints';
import { ValidationError } from '../client/errors';
import type { Redactor } from '../client/http/redact';
import { Transport } from '../client/http/transport';
import * as rdsModule from '../client/rds/client';
import type { RdsClient } from '../client/rds/client';
import { proxySettings, requestTimeoutMs } from './settings';
import type { Log, ProfileStore, Services } from './services';

/** The constructor of src/client/rds/client.ts (the RDS client work provides the class). */
interface RdsClientOptions {
  baseUrl: string;
  credentials: { appKey: string; accessKeyId: string; secretAccessKey: string };
  transport: Transport;
}
type RdsClientClass = new (opts: RdsClientOptions) => RdsClient;

export class Clients implements vscode.Disposable {
  private transport: Transport | undefined;
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: { profiles: ProfileStore; log: Log; redactor: Redactor; userAgent: string },
  ) {}

  /** The shared transport, configured from the VS Code proxy settings and `nhncloud.requestTimeoutSeconds`. */
  http(): Transport {
    if (!this.transport) {
      const t = requestTimeoutMs();
      const proxy = proxySettings();
      this.transport = new Transport({
        userAgent: this.deps.userAgent,
        proxy,
        timeouts: { connect: Math.min(t, 10_000), headers: t, body: t * 2 },
        logger: this.deps.log,
        redactor: this.deps.redactor,
      });
      this.deps.log.debug(`HTTP: timeout ${t / 1000} s, proxy ${proxy.url ? this.deps.redactor.text(redactUserInfo(proxy.url)) : 'none'}`);
    }
    return this.transport;
  }

  readonly api: Services['clients'] = {
    rds: (region) => this.cached('rds', region, async () => {
      const profile = this.requireProfile();
      const s = await this.deps.profiles.secrets(profile.id);
      const missing = [
        !s.rdsAppKey && 'the RDS app key',
        !s.rdsAccessKeyId && 'the user access key ID',
        !s.rdsSecretAccessKey && 'the secret access key',
      ].filter(Boolean);
      if (missing.length) {
        throw new ValidationError('rds', [{ path: '', message: `The profile "${profile.name}" has no ${missing.join(', ')}. Add them with "NHN Cloud: Edit Profile".` }]);
      }
      // Read by name: until the RDS client lands, ../client/rds/client exports only the type.
      const RdsClientCtor = Reflect.get(rdsModule, 'RdsClient') as RdsClientClass | undefined;
      if (typeof RdsClientCtor !== 'function') throw new Error('The RDS client is not part of this build.');
      return new RdsClientCtor({
        baseUrl: resolveEndpoint({ cloud: profile.cloud, service: 'rds', region, overrides: profile.endpoints }),
        credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
        transport: this.http(),
      });
    }),
  };

  /** Drops every client (profile changed); they are rebuilt on next use. */
  reset(): void {
    this.cache.clear();
  }

  /** Drops the transport too (proxy or timeout changed). */
  async resetTransport(): Promise<void> {
    this.reset();
    const old = this.transport;
    this.transport = undefined;
    await old?.close();
  }

  private requireProfile() {
    const p = this.deps.profiles.active();
    if (!p) throw new ValidationError('profile', [{ path: '', message: 'No NHN Cloud profile is set up yet. Run "NHN Cloud: Add Profile" first.' }]);
    return p;
  }

  private cached<T>(service: string, region: Region, build: () => Promise<T>): Promise<T> {
    const key = `${this.deps.profiles.active()?.id ?? '-'}/${service}/${region}`;
    let p = this.cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = build();
      this.cache.set(key, p);
      // A failed build (missing keys) must not stick: the user is about to fix the profile.
      p.catch(() => this.cache.get(key) === p && this.cache.delete(key));
    }
    return p;
  }

  dispose(): void {
    void this.resetTransport();
  }
}

function redactUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
