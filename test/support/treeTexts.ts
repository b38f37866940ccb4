// Every row of a seeded sandbox tree, read as a person reads it (issue 63, "texts"): the whole
// explorer (RDS for MySQL on API v4.0, Network, Object Storage of KR1) is expanded against the
// sandbox over loopback, each row's label, description and hover (resolved as VS Code resolves it
// on hover) collected in the display language, and checked for what a person cannot read: a raw
// metric name, an event code without its meaning, an event category as the API spells it, an
// unscaled byte or bit count, an ISO date, a hover that counts ids ("Sources: 1") instead of
// naming them, and a row whose key part (a date, a floating IP's label) comes after what a
// narrow sidebar cuts. `treeTextsEn.test.ts` and `treeTextsKo.test.ts` run it per language (each
// file is a process of its own: the language is chosen before the modules load).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { EventEmitter, installVscodeStub, memoryContextAndLog, stubVscode } from './vscodeStub';
import { clientFor } from './sandbox';

/** A row as drawn: what the checks read. */
export interface DrawnRow {
  id: string;
  contextValue: string;
  label: string;
  description: string;
  tooltip: string;
}

type Bundle = Record<string, string | { message: string }>;

/** Folders expanded below each node at most (a bucket holds thousands of keys). */
const CHILDREN_PER_FOLDER = 25;
const DEPTH = 9;

const fill = (text: string, args: unknown[]) =>
  text.replace(/\{(\d+)\}/g, (all, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : all));

/** Registers the tests of one display language; call at the top of a test file. */
export function treeTextTests(language: 'en' | 'ko'): void {
  installVscodeStub();
  const bundle: Bundle | undefined =
    language === 'en'
      ? undefined
      : JSON.parse(readFileSync(join(__dirname, '..', '..', 'l10n', `bundle.l10n.${language}.json`), 'utf8'));
  const t = (message: string, ...args: unknown[]) => {
    const entry = bundle?.[message];
    return fill(typeof entry === 'string' ? entry : (entry?.message ?? message), args);
  };
  // vscode.l10n.t and the vscode-free l10n.t read the same bundle, as main.ts sets them up.
  (stubVscode as any).l10n = { t, bundle };
  (stubVscode.env as { language: string }).language = language;
  (require('../../src/shared/l10n') as typeof import('../../src/shared/l10n')).setL10nBundle(bundle, language);

  const rows: DrawnRow[] = [];
  let sb: import('../../src/sandbox/index').Sandbox;
  let explorer: import('../../src/shared/tree/explorer').Explorer;
  let transport: import('../../src/client/http/transport').Transport;
  let metricNames: string[] = [];
  let subscriptionSource = '';
  let subscriptionGroup = '';

  before(async () => {
    const sandboxMod = require('../../src/sandbox/index') as typeof import('../../src/sandbox/index');
    const explorerMod = require('../../src/shared/tree/explorer') as typeof import('../../src/shared/tree/explorer');
    const rdsMod = require('../../src/rds/activation') as typeof import('../../src/rds/activation');
    const networkMod = require('../../src/network/activation') as typeof import('../../src/network/activation');
    const storageMod = require('../../src/storage/activation') as typeof import('../../src/storage/activation');
    const { Transport } =
      require('../../src/client/http/transport') as typeof import('../../src/client/http/transport');
    const { Redactor, silentLogger } =
      require('../../src/client/http/redact') as typeof import('../../src/client/http/redact');
    const { IdentityClient } =
      require('../../src/client/network/identity') as typeof import('../../src/client/network/identity');
    const { NetworkClient } =
      require('../../src/client/network/client') as typeof import('../../src/client/network/client');
    const { S3Client } = require('../../src/client/storage/client') as typeof import('../../src/client/storage/client');

    sb = await sandboxMod.startSandbox({ timeScale: 10 });
    const sp = sb.sandboxProfile();
    const s = sp.secrets;
    const profile = { id: 'sandbox', name: sp.name, cloud: sp.cloud, regions: ['KR1'], endpoints: sp.endpoints };
    transport = new Transport({ userAgent: 'tree-texts-test', logger: silentLogger, redactor: new Redactor() });
    const identity = new IdentityClient({
      baseUrl: sp.endpoints.identity,
      tenantId: s.identityTenantId!,
      username: s.identityUsername!,
      password: s.identityApiPassword!,
      transport,
    });
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
    metricNames = (await rds.listMetrics()).metrics.map((m) => m.measureName);
    // A subscription that names an instance and a user group: its hover must name them.
    const [{ dbInstances }, { userGroups }] = await Promise.all([rds.listDbInstances(), rds.listUserGroups()]);
    const source = dbInstances.find((i) => i.dbInstanceName === 'staging-api') ?? dbInstances[0];
    subscriptionSource = source.dbInstanceName;
    subscriptionGroup = userGroups[0].userGroupName;
    await rds.createEventSubscription({
      body: {
        eventCategoryType: 'INSTANCE',
        eventSubscriptionName: 'on-call',
        enabled: true,
        notifyEmail: true,
        notifySms: false,
        eventCodes: ['INSTC_16_01', 'INSTC_53_01'],
        sources: [{ sourceId: source.dbInstanceId, eventCategoryType: 'INSTANCE' }],
        userGroupIds: [userGroups[0].userGroupId],
      },
    });
    const services: any = {
      ...memoryContextAndLog('nhncloud-tree-texts'),
      profiles: {
        list: () => [profile],
        active: () => profile,
        secrets: async () => s,
        save: async () => {},
        onDidChange: () => ({ dispose() {} }),
      },
      clients: {
        rds: async () => rds,
        network: async (r: string) =>
          new NetworkClient({ baseUrl: sp.endpoints.network.replace('{region}', r.toLowerCase()), identity }),
        s3: async (r: string) =>
          new S3Client({
            baseUrl: sp.endpoints.storage.replace('{region}', r.toLowerCase()),
            accessKey: s.s3AccessKey!,
            secretKey: s.s3SecretKey!,
            transport,
          }),
        catalogRegions: async () => undefined,
        knownCatalogRegions: () => ({ known: true }),
      },
      refresh: () => {},
      explorerView: {
        visible: true,
        onDidChangeVisibility: new EventEmitter<{ visible: boolean }>().event,
        selection: [],
      },
    };
    explorer = explorerMod.createExplorer(services);
    const jobs = {
      track() {},
      runningFor: () => undefined,
      runningUnder: () => undefined,
      onDidChange: () => ({ dispose() {} }),
      addStanding: () => ({ dispose() {} }),
    };
    const deps = { services, explorer, jobs: jobs as any };
    const rdsFeature = rdsMod.createRdsFeature(deps);
    explorer.setFeatures([rdsFeature, networkMod.createNetworkFeature(deps), storageMod.createStorageFeature(deps)]);
    const provider = explorer.provider;
    // A Markdown hover as a person reads it: without the escapes md() adds (2026\-01\-18 is 2026-01-18).
    const unmarkdown = (s: string) =>
      s
        .replace(/\\(.)/g, '$1')
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const text = (v: unknown): string =>
      v === undefined || v === null
        ? ''
        : typeof v === 'string'
          ? v
          : unmarkdown(String((v as { value?: string }).value ?? ''));
    const walk = async (parent: any, depth: number): Promise<void> => {
      if (depth === 0) return;
      const kids = ((await provider.getChildren(parent)) ?? []).slice(0, CHILDREN_PER_FOLDER);
      for (const k of kids) {
        const item: any = await provider.getTreeItem(k);
        const resolved: any = provider.resolveTreeItem
          ? await provider.resolveTreeItem(item, k, { isCancellationRequested: false } as any)
          : item;
        rows.push({
          id: k.id,
          contextValue: String(item.contextValue ?? ''),
          label: text(item.label),
          description: text(item.description),
          tooltip: text((resolved ?? item).tooltip),
        });
        // "Load more" and error rows stay closed; every folder opens.
        if (item.collapsibleState && !String(item.contextValue ?? '').startsWith('loadMore')) await walk(k, depth - 1);
      }
    };
    await walk(undefined, DEPTH);
  });

  after(async () => {
    explorer?.dispose();
    await transport?.close();
    await sb?.close();
  });

  /** Rows whose `field` breaks `rule`, as "id: text" lines (the assertion's message). */
  const offenders = (fields: Array<keyof DrawnRow>, rule: (text: string, row: DrawnRow) => boolean) =>
    rows.flatMap((r) => fields.filter((f) => rule(r[f], r)).map((f) => `${r.id} [${f}]: ${r[f]}`));
  /** Fails with the first few offenders and their count. */
  const none = (found: string[], what: string) =>
    assert.equal(found.length, 0, `${found.length} rows show ${what}:\n${found.slice(0, 8).join('\n---\n')}`);

  test(`[${language}] every drawn row's contextValue is one the node-kind table names (its menus match it exactly)`, () => {
    const { ALL_VALUES } =
      require('../../src/shared/menus/nodeKinds') as typeof import('../../src/shared/menus/nodeKinds');
    none(
      rows.filter((r) => !ALL_VALUES.has(r.contextValue)).map((r) => `${r.id}: ${r.contextValue}`),
      'a contextValue src/shared/menus/nodeKinds.ts does not name',
    );
  });

  test(`[${language}] the walk reached every service and the node kinds the checks are about`, () => {
    const kinds = new Set(rows.map((r) => r.contextValue.split('.').slice(0, 2).join('.')));
    for (const kind of [
      'rds.instance',
      'rds.metric',
      'rds.backup',
      'rds.event',
      'rds.eventSubscription',
      'rds.catalogItem',
      'rds.logFile',
      'rds.binLog',
      'network.floatingIp',
      'network.routingRule',
      'storage.bucket',
      'storage.object',
    ])
      assert.ok(kinds.has(kind), `no ${kind} row in the walk (${rows.length} rows; kinds: ${[...kinds].join(', ')})`);
  });

  test(`[${language}] no row shows a metric by its API name`, () => {
    const names = new RegExp(`\\b(${metricNames.join('|')})\\b`);
    none(
      offenders(['label', 'description', 'tooltip'], (s) => names.test(s)),
      'a metric by its API name',
    );
  });

  test(`[${language}] no row shows a byte or bit count unscaled`, () => {
    // 275208 Bytes, 607067 bps, 2410 MB: a figure its unit's next step would write shorter (1024 of
    // a byte unit, 1000 of bits per second). "(1234 bytes)" after a scaled size is the exact
    // figure, and is allowed.
    const unscaled = (s: string) =>
      [...s.matchAll(/(^|[^(\d.,])(\d+(?:[.,]\d+)?)\s?(B|Bytes|bytes|bps|KB|MB)\b/g)].some(
        (m) => Number(m[2].replace(',', '.')) >= (m[3] === 'bps' ? 1000 : 1024),
      );
    none(offenders(['description', 'tooltip'], unscaled), 'an unscaled byte or bit count');
    // Of a running instance: its disk reads in a byte unit, its network traffic in bits per second.
    const running = rows.filter((r) => r.contextValue === 'rds.metric' && !/^0\b/.test(r.description));
    const read = running.find((r) => r.id.endsWith('/DISK_READ'));
    const sent = running.find((r) => r.id.endsWith('/NETWORK_SEND'));
    assert.ok(read && sent, 'the disk reads and network sent rows of a running instance');
    assert.match(read.description, /^\d+([.,]\d)? (B|KB|MB|GB)$/);
    assert.match(sent.description, /^\d+([.,]\d)? (bps|kbps|Mbps|Gbps)$/);
    assert.equal(read.label, t('Disk reads'));
  });

  test(`[${language}] no row or hover shows a state or kind as the API spells it (AVAILABLE, BACKING_UP, MANUAL)`, () => {
    const { WORDED_VALUES } = require('../../src/shared/apiWords') as typeof import('../../src/shared/apiWords');
    const spelt = new RegExp(`(?<![\\w.-])(${WORDED_VALUES.join('|')})(?![\\w.-])`);
    none(
      offenders(['description', 'tooltip'], (s) => spelt.test(s)),
      'a value of the API as it is spelt',
    );
  });

  test(`[${language}] no description or hover shows an ISO date`, () => {
    none(
      offenders(['description', 'tooltip'], (s) => /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)),
      'an ISO date',
    );
  });

  test(`[${language}] an event code the guide lists is shown with its meaning; categories in words`, () => {
    const { KNOWN_EVENT_CODES, eventCodeMeaning } =
      require('../../src/rds/eventCodes') as typeof import('../../src/rds/eventCodes');
    const known = new RegExp(`\\b(${KNOWN_EVENT_CODES.join('|')})\\b`, 'g');
    none(
      offenders(['description', 'tooltip'], (s) =>
        [...s.matchAll(known)].some((m) => !s.includes(eventCodeMeaning(m[1])!)),
      ),
      'a guide event code without its meaning',
    );
    none(
      offenders(['description'], (s) =>
        /\b(INSTANCE|DB_INSTANCE|BACKUP|DB_SECURITY_GROUP|TENANT|JOB|MONITORING)\b/.test(s),
      ),
      'an event category as the API spells it',
    );
    const catalog = rows.find((r) => r.id.endsWith('/eventCodes/INSTC_16_01'));
    assert.ok(catalog, 'the catalog lists INSTC_16_01');
    assert.equal(catalog.description, eventCodeMeaning('INSTC_16_01'));
  });

  test(`[${language}] hovers name what they refer to: no field that is a bare count of ids`, () => {
    // "Sources: 1": a hover field whose whole value is a number names nothing; a port is a number.
    const scalar = new Set([t('Port'), t('Value'), t('Default')]);
    none(
      offenders(['tooltip'], (s) =>
        s.split('\n').some((line) => {
          const m = /^([^:]+): (\d+)\s*$/.exec(line.trim());
          return !!m && !scalar.has(m[1]);
        }),
      ),
      'a bare count in a hover field',
    );
    const sub = rows.find((r) => r.contextValue.startsWith('rds.eventSubscription.') && r.label === 'on-call');
    assert.ok(sub, 'the subscription row');
    assert.ok(sub.tooltip.includes(subscriptionSource), `the source by name: ${sub.tooltip}`);
    assert.ok(sub.tooltip.includes(subscriptionGroup), `the user group by name: ${sub.tooltip}`);
  });

  test(`[${language}] the key part of a row comes first: a date, a floating IP's label`, () => {
    const dated = rows.filter((r) => /^rds\.(backup|logFile|binLog|event)\b/.test(r.contextValue));
    assert.ok(dated.length >= 4, `dated rows: ${dated.length}`);
    assert.deepEqual(
      dated.filter((r) => !/20\d\d/.test(r.description.split(' · ')[0])).map((r) => `${r.id}: ${r.description}`),
      [],
    );
    const labelled = rows.filter(
      (r) => r.contextValue.startsWith('network.floatingIp.') && /\n?.*: web\s/.test(r.tooltip),
    );
    assert.ok(labelled.length, 'the floating IP labelled "web"');
    for (const r of labelled) assert.match(r.description, /^web( · |$)/);
  });
}
