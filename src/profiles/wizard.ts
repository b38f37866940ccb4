// The Add / Edit Profile wizard: one step after another in the quick input, with a Back button,
// a check on every field as it is typed, masked secrets, and (when editing) secrets kept unless
// the user types a new value. Cancelling (Escape) raises CancelledError, which the command
// wrapper keeps silent.
import * as vscode from 'vscode';
import { signingRegionFor, type Cloud, type EndpointOverrides, type Region } from '../client/endpoints';
import { defaultRdsApiVersion, SITE_ORDER, SITES, siteRegions } from '../client/sites';
import { RDS_CLIENT_API_VERSIONS, type RdsClientApiVersion } from '../client/rds/versions';
import { siteName } from './siteNames';
import { REGION_NAMES } from '../shared/tree/firstRows';
import { CancelledError, type Service } from '../client/errors';
import { SECRET_FIELDS, type SecretField } from './secrets';
import { KEY_SERVICES, SERVICE_FIELDS, siteServices, type KeyService } from './keyFields';
import { RDS_PRODUCTS } from '../client/products';
import { findS3KeyPairs, type S3KeyPair } from './importKeys';
import type { Profile, ProfileSecrets } from '../shared/services';

const BACK = Symbol('back');
type Back = typeof BACK;
/** A step that does not apply to the chosen site (its services): passed over, in the direction of travel. */
const SKIP = Symbol('skip');
/** "Save profile" chosen inside a step (the Advanced list): the wizard ends there. */
const FINISH = Symbol('finish');
type StepResult = Back | typeof SKIP | typeof FINISH | void;

interface Frame {
  title: string;
  /** Step numbers of the walk through every field (Add Profile); absent when one field is edited. */
  step?: number;
  total?: number;
  /** Whether the box has a Back button (to the previous step, or to the list of fields). */
  back: boolean;
}

interface InputOpts {
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  validate: (value: string) => string | undefined;
  /** Extra title-bar buttons; pressing one answers `{ button: id }`. */
  buttons?: Array<{ id: string; button: vscode.QuickInputButton }>;
}

interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

function input(frame: Frame, o: InputOpts): Promise<string | Back | { button: string }> {
  return new Promise((resolve, reject) => {
    const box = vscode.window.createInputBox();
    box.title = frame.title;
    box.step = frame.step;
    box.totalSteps = frame.total;
    box.prompt = o.prompt;
    box.placeholder = o.placeholder;
    box.value = o.value ?? '';
    box.password = o.password ?? false;
    box.ignoreFocusOut = true;
    const extra = o.buttons ?? [];
    box.buttons = [...(frame.back ? [vscode.QuickInputButtons.Back] : []), ...extra.map((b) => b.button)];
    let done = false;
    const finish = (fn: () => void) => {
      done = true;
      fn();
      box.dispose();
    };
    box.onDidChangeValue((v) => (box.validationMessage = o.validate(v)));
    box.onDidTriggerButton((b) => {
      if (b === vscode.QuickInputButtons.Back) return finish(() => resolve(BACK));
      const mine = extra.find((x) => x.button === b);
      if (mine) finish(() => resolve({ button: mine.id }));
    });
    box.onDidAccept(() => {
      const msg = o.validate(box.value);
      box.validationMessage = msg;
      if (!msg) finish(() => resolve(box.value.trim()));
    });
    box.onDidHide(() => {
      if (!done) finish(() => reject(new CancelledError()));
    });
    box.show();
  });
}

function pick<T>(
  frame: Frame,
  o: {
    placeholder: string;
    items: PickItem<T>[];
    many?: boolean;
    selected?: (v: T) => boolean;
    validate?: (values: T[]) => string | undefined;
  },
): Promise<T[] | Back> {
  return new Promise((resolve, reject) => {
    const qp = vscode.window.createQuickPick<PickItem<T>>();
    qp.title = frame.title;
    qp.step = frame.step;
    qp.totalSteps = frame.total;
    qp.placeholder = o.placeholder;
    qp.items = o.items;
    qp.canSelectMany = o.many ?? false;
    qp.ignoreFocusOut = true;
    qp.matchOnDescription = true;
    if (o.selected) {
      const sel = o.items.filter((i) => o.selected!(i.value));
      if (o.many) qp.selectedItems = sel;
      else qp.activeItems = sel.slice(0, 1);
    }
    qp.buttons = frame.back ? [vscode.QuickInputButtons.Back] : [];
    let done = false;
    const finish = (fn: () => void) => {
      done = true;
      fn();
      qp.dispose();
    };
    qp.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish(() => resolve(BACK)));
    qp.onDidAccept(() => {
      const chosen = (o.many ? qp.selectedItems : qp.activeItems.slice(0, 1)).map((i) => i.value);
      const msg = o.validate?.(chosen) ?? (chosen.length ? undefined : vscode.l10n.t('Choose one.'));
      if (msg) {
        // The problem replaces the placeholder; the step's title still says what is asked.
        qp.placeholder = msg;
        return;
      }
      finish(() => resolve(chosen));
    });
    qp.onDidHide(() => {
      if (!done) finish(() => reject(new CancelledError()));
    });
    qp.show();
  });
}

// ---- field checks (each returns the message to show, or undefined) ----

const NO_SPACE = /^\S+$/;
export const checks = {
  name: (taken: string[]) => (v: string) => {
    const s = v.trim();
    if (!s) return vscode.l10n.t('Give the profile a name, e.g. "production" or "gov-test".');
    if (s.length > 40) return vscode.l10n.t('At most 40 characters.');
    if (taken.some((t) => t.toLowerCase() === s.toLowerCase()))
      return vscode.l10n.t('A profile named "{0}" exists already.', s);
    return undefined;
  },
  /** A key, id or password: optional, no spaces, not absurdly long. */
  token: (label: string, optional: boolean) => (v: string) => {
    const s = v.trim();
    if (!s) return optional ? undefined : vscode.l10n.t('{0} is required.', label);
    if (!NO_SPACE.test(s)) return vscode.l10n.t('{0} cannot contain spaces.', label);
    if (s.length > 256) return vscode.l10n.t('{0} is at most 256 characters.', label);
    return undefined;
  },
  /** OpenStack tenant (project) IDs are 32 hexadecimal characters; accept UUID dashes too. */
  tenantId: (label: string) => (v: string) => {
    const s = v.trim();
    if (!s) return undefined;
    if (!/^[0-9a-fA-F-]{8,64}$/.test(s))
      return vscode.l10n.t(
        "{0} is the project's tenant ID: 32 hexadecimal characters, as shown under API Endpoint settings in the console.",
        label,
      );
    return undefined;
  },
  url: (v: string) => {
    const s = v.trim();
    if (!s) return undefined;
    try {
      const u = new URL(s.replace(/\{region\}/g, 'kr1'));
      if (u.protocol !== 'https:' && u.protocol !== 'http:')
        return vscode.l10n.t('Use an http:// or https:// address.');
    } catch {
      return vscode.l10n.t(
        'Not a valid address, e.g. https://kr1-rds-mysql.api.nhncloudservice.com ({region} is replaced by the region).',
      );
    }
    return undefined;
  },
  signingRegion: (v: string) =>
    !v.trim() || /^[A-Za-z0-9-]{2,32}$/.test(v.trim())
      ? undefined
      : vscode.l10n.t('Letters, digits and hyphens only, e.g. KR1 or gov.'),
};

interface SecretStep {
  field: SecretField;
  label: string;
  hint: string;
  /**
   * How the step's input behaves: 'secret' is masked; an 'id' (app key, access key IDs) is shown
   * so that a pasted value can be checked by eye (issue 25, rough edge 21), though it is stored
   * in SecretStorage like every field of this wizard.
   */
  kind: 'secret' | 'id' | 'tenant' | 'plain';
}

/** The services whose keys a field is (src/profiles/keyTest.ts): asked only where the site runs one of them. */
const SECRET_FIELDS_ASKED: readonly SecretField[] = SECRET_FIELDS;

function servicesOf(field: SecretField): KeyService[] {
  return KEY_SERVICES.filter((s) => SERVICE_FIELDS[s].includes(field));
}

/** The key fields the wizard asks on a site: those of the services it runs. */
export function fieldsAsked(cloud: Cloud): SecretField[] {
  const runs = siteServices(cloud);
  return SECRET_FIELDS_ASKED.filter((f) => servicesOf(f).some((x) => runs.includes(x)));
}

const SECRET_STEPS: SecretStep[] = [
  {
    field: 'rdsAppKey',
    label: vscode.l10n.t('RDS app key'),
    hint: vscode.l10n.t('RDS for MySQL: the app key (console: URL & Appkey).'),
    kind: 'id',
  },
  {
    field: 'rdsMariadbAppKey',
    label: vscode.l10n.t('RDS for MariaDB app key'),
    hint: vscode.l10n.t(
      'RDS for MariaDB: its app key (console: URL & Appkey), if you use it; the user access key below serves both.',
    ),
    kind: 'id',
  },
  {
    field: 'rdsAccessKeyId',
    label: vscode.l10n.t('User access key ID'),
    hint: vscode.l10n.t('RDS for MySQL: the user access key ID (console: API Security Settings).'),
    kind: 'id',
  },
  {
    field: 'rdsSecretAccessKey',
    label: vscode.l10n.t('Secret access key'),
    hint: vscode.l10n.t('RDS for MySQL: the secret access key of that user access key.'),
    kind: 'secret',
  },
  {
    field: 'identityTenantId',
    label: vscode.l10n.t('Network tenant ID'),
    hint: vscode.l10n.t('Network (floating IPs, transit hub): the tenant ID of the project.'),
    kind: 'tenant',
  },
  {
    field: 'identityUsername',
    label: vscode.l10n.t('API user name'),
    hint: vscode.l10n.t('Network: the account e-mail or IAM ID used for API tokens.'),
    kind: 'plain',
  },
  {
    field: 'identityApiPassword',
    label: vscode.l10n.t('API password'),
    hint: vscode.l10n.t('Network: the API password set in the console (not the login password).'),
    kind: 'secret',
  },
  {
    field: 'storageTenantId',
    label: vscode.l10n.t('Object storage tenant ID'),
    hint: vscode.l10n.t('Object storage: its tenant ID (it can differ from the network one).'),
    kind: 'tenant',
  },
  {
    field: 's3AccessKey',
    label: vscode.l10n.t('S3 access key'),
    hint: vscode.l10n.t('Object storage, optional: an S3 API credential access key (one can also be made later).'),
    kind: 'id',
  },
  {
    field: 's3SecretKey',
    label: vscode.l10n.t('S3 secret key'),
    hint: vscode.l10n.t('Object storage, optional: the secret key of that S3 credential.'),
    kind: 'secret',
  },
];

/** Whether the wizard masks a field as the user types: secrets yes; IDs, tenant IDs and the user name no. */
export function masksInput(field: SecretField): boolean {
  return SECRET_STEPS.find((s) => s.field === field)?.kind === 'secret';
}

const OVERRIDE_SERVICES: Array<{ service: Service; label: string }> = [
  { service: 'rds', label: 'RDS for MySQL' },
  { service: 'rdsMariadb', label: RDS_PRODUCTS.mariadb.label },
  { service: 'identity', label: vscode.l10n.t('Identity (tokens)') },
  { service: 'network', label: vscode.l10n.t('Network') },
  { service: 'storage', label: vscode.l10n.t('Object storage (S3)') },
  { service: 'oauth', label: vscode.l10n.t('RDS API v4.0 tokens') },
];

/** What each RDS API version offers, as the version step says it. */
const RDS_VERSION_NOTES: Record<RdsClientApiVersion, () => string> = {
  'v3.0': () => vscode.l10n.t('signs each request with the access key; no incremental backups or event subscriptions'),
  'v4.0': () =>
    vscode.l10n.t(
      'signs in with a token; incremental and snapshot backups, binary logs, certificates, log contents, event subscriptions',
    ),
};

/** The RDS API versions this client speaks that the site's guides document. */
export function rdsVersionsOf(site: Cloud): RdsClientApiVersion[] {
  return RDS_CLIENT_API_VERSIONS.filter((v) => SITES[site].rdsApiVersions.includes(v));
}

/**
 * The RDS API version after the cloud step: a new profile starts from the chosen site's default
 * (v4.0 where its guide has the current v4.0 and a token host); an edited one keeps its version
 * while the new site has it, else takes the new site's default.
 */
export function rdsVersionAfterCloudStep(
  draft: Pick<Profile, 'cloud' | 'rdsApiVersion'>,
  next: Cloud,
  editing: boolean,
): RdsClientApiVersion | undefined {
  const kept = draft.rdsApiVersion ?? (editing ? 'v3.0' : undefined);
  if (editing && next === draft.cloud) return draft.rdsApiVersion;
  if (editing && kept && rdsVersionsOf(next).includes(kept)) return draft.rdsApiVersion;
  return rdsVersionsOf(next).length ? defaultRdsApiVersion(next) : undefined;
}

/**
 * The regions the wizard carries past the cloud step. Another cloud starts over from its own
 * defaults (all of its regions, checked): filtering the old choice instead left Public →
 * Government → Public with only KR1 and KR2 checked. The same cloud keeps the user's choice.
 */
export function regionsAfterCloudStep(previous: Cloud, chosen: Cloud, regions: readonly Region[]): Region[] {
  return chosen === previous ? [...regions] : [];
}

export interface WizardResult {
  profile: Profile;
  secrets: ProfileSecrets;
}

/**
 * Runs the wizard. Add Profile walks every field the chosen site needs, one step after another
 * (a site's missing services are not asked: the storage-only site asks no RDS key). Edit Profile
 * (`existing`) and an Add Profile taken up again after its key test (`resume`) list the fields
 * instead, to jump to the one to change; "Save profile" ends either. An edited profile's secrets
 * are only known to be set (`storedSecrets` holds which) and are kept when a field is left empty.
 */
export async function profileWizard(opts: {
  existing?: Profile;
  storedSecrets?: Partial<Record<SecretField, boolean>>;
  otherNames: string[];
  newId: () => string;
  /** What an Add Profile had when its key test failed and the user chose to change it. */
  resume?: WizardResult;
  /** The S3 key pairs offered for import (default: ~/.aws/credentials and rclone's configuration). */
  findPairs?: () => Promise<S3KeyPair[]>;
}): Promise<WizardResult> {
  const editing = !!opts.existing;
  const byField = editing || !!opts.resume;
  const pairs = (opts.findPairs ?? findS3KeyPairs)().catch(() => [] as S3KeyPair[]);
  /** The S3 secret came with an imported pair: its own step is passed over. */
  let importedS3 = false;
  const title = editing
    ? vscode.l10n.t('Edit Profile: {0}', opts.existing!.name)
    : vscode.l10n.t('Add NHN Cloud Profile');
  const from = opts.resume?.profile ?? opts.existing;
  const draft: Profile = from
    ? {
        ...from,
        regions: [...from.regions],
        endpoints: { ...from.endpoints },
        signingRegions: { ...from.signingRegions },
      }
    : {
        id: opts.newId(),
        name: '',
        cloud: 'public',
        regions: [],
        endpoints: {},
        signingRegions: {},
        rdsApiVersion: defaultRdsApiVersion('public'),
      };
  const secrets: ProfileSecrets = { ...opts.resume?.secrets };

  type Step = (frame: Frame) => Promise<StepResult>;
  interface Named {
    id: string;
    /** The field as the list of fields names it, and what it holds now. */
    label: () => string;
    value: () => string;
    /** Whether the chosen site needs it. */
    applies: () => boolean;
    run: Step;
  }
  const stored = (f: SecretField) => !!opts.storedSecrets?.[f];
  const run: Step[] = [
    async (f) => {
      const v = await input(f, {
        prompt: vscode.l10n.t('Profile name'),
        placeholder: vscode.l10n.t('e.g. production'),
        value: draft.name,
        validate: checks.name(opts.otherNames),
      });
      if (v === BACK) return BACK;
      if (typeof v === 'string') draft.name = v;
    },
    async (f) => {
      const v = await pick<Cloud>(f, {
        placeholder: vscode.l10n.t('Which cloud is the project in?'),
        // Every site of the table, by its name and the domain people see in their console.
        items: SITE_ORDER.map((id) => ({ label: siteName(id), description: SITES[id].domain, value: id })),
        selected: (c) => c === draft.cloud,
      });
      if (v === BACK) return BACK;
      draft.regions = regionsAfterCloudStep(draft.cloud, v[0], draft.regions);
      draft.rdsApiVersion = rdsVersionAfterCloudStep(draft, v[0], editing);
      draft.cloud = v[0];
    },
    async (f) => {
      const regions = siteRegions(draft.cloud);
      const current = draft.regions.length ? draft.regions : regions;
      const v = await pick<Region>(f, {
        placeholder: vscode.l10n.t('Regions to show in the explorer (Space toggles, Enter confirms)'),
        items: regions.map((r) => ({ label: r, description: REGION_NAMES[r], value: r })),
        many: true,
        selected: (r) => current.includes(r),
        validate: (vals) => (vals.length ? undefined : vscode.l10n.t('choose at least one region')),
      });
      if (v === BACK) return BACK;
      draft.regions = regions.filter((r) => v.includes(r));
    },
    ...SECRET_STEPS.map((s): Step => async (f) => {
      if (!fieldsAsked(draft.cloud).includes(s.field)) return SKIP;
      if (s.field === 's3SecretKey' && importedS3) return SKIP;
      const keep = editing && stored(s.field);
      const found = s.field === 's3AccessKey' ? await pairs : [];
      const v = await input(f, {
        prompt: keep
          ? vscode.l10n.t('{0} Leave empty to keep the stored value.', s.hint)
          : vscode.l10n.t('{0} Leave empty to skip.', s.hint),
        placeholder: keep ? vscode.l10n.t('{0} (stored; type to replace)', s.label) : s.label,
        // Coming Back to a step shows what was typed; the user name is not masked but is
        // still kept in SecretStorage only.
        value: secrets[s.field],
        password: masksInput(s.field),
        validate: s.kind === 'tenant' ? checks.tenantId(s.label) : checks.token(s.label, true),
        buttons: found.length
          ? [
              {
                id: 'import',
                button: {
                  iconPath: new vscode.ThemeIcon('cloud-download'),
                  tooltip: vscode.l10n.t('Import an S3 key pair from ~/.aws/credentials or rclone'),
                },
              },
            ]
          : [],
      });
      if (v === BACK) return BACK;
      if (typeof v === 'object') {
        const chosen = await pick<S3KeyPair>(
          { ...f, back: true },
          {
            placeholder: vscode.l10n.t('S3 key pair to import'),
            items: found.map((p) => ({
              label: p.name,
              description:
                p.source === 'aws'
                  ? vscode.l10n.t('AWS credentials file')
                  : p.endpoint
                    ? vscode.l10n.t('rclone remote · {0}', p.endpoint)
                    : vscode.l10n.t('rclone remote'),
              detail: p.accessKey,
              value: p,
            })),
          },
        );
        // Back from the list returns to the access key step.
        if (chosen === BACK) return stepOf(s.field)(f);
        secrets.s3AccessKey = chosen[0].accessKey;
        secrets.s3SecretKey = chosen[0].secretKey;
        importedS3 = true;
        return;
      }
      if (s.field === 's3AccessKey') importedS3 = false;
      // Empty: keep the stored secret (edit) or store nothing (add).
      if (v) secrets[s.field] = v;
      else delete secrets[s.field];
    }),
    async (f) => {
      for (;;) {
        const endpoints: EndpointOverrides = draft.endpoints ?? {};
        const signing = draft.signingRegions ?? {};
        type Choice =
          | { kind: 'done' }
          | { kind: 'rdsVersion' }
          | { kind: 'endpoint'; service: Service }
          | { kind: 'signing'; region: Region };
        const versions = rdsVersionsOf(draft.cloud);
        const v = await pick<Choice>(f, {
          placeholder: vscode.l10n.t(
            'Advanced (optional): endpoint overrides and S3 signing regions. Enter on "Save profile" to finish.',
          ),
          items: [
            { label: vscode.l10n.t('$(check) Save profile'), value: { kind: 'done' } },
            ...(versions.length > 1
              ? [
                  {
                    label: vscode.l10n.t('RDS API version'),
                    description: draft.rdsApiVersion ?? 'v3.0',
                    value: { kind: 'rdsVersion' as const },
                  },
                ]
              : []),
            ...OVERRIDE_SERVICES.map((o) => ({
              label: vscode.l10n.t('Endpoint: {0}', o.label),
              description: endpoints[o.service] || vscode.l10n.t('default'),
              value: { kind: 'endpoint' as const, service: o.service },
            })),
            ...draft.regions.map((r) => ({
              label: vscode.l10n.t('S3 signing region for {0}', r),
              description: signing[r] || vscode.l10n.t('default ({0})', signingRegionFor(draft.cloud, r)),
              value: { kind: 'signing' as const, region: r },
            })),
          ],
        });
        if (v === BACK) return BACK;
        const c = v[0];
        if (c.kind === 'done') return FINISH;
        const sub: Frame = { ...f };
        if (c.kind === 'rdsVersion') {
          const chosen = await pick<RdsClientApiVersion>(sub, {
            placeholder: vscode.l10n.t('RDS API version of this profile'),
            items: versions.map((v) => ({
              label: v,
              description: RDS_VERSION_NOTES[v](),
              // A site whose guides name no token host (the KR4 sites): say so where it is chosen.
              detail:
                v === 'v4.0' && !SITES[draft.cloud].hosts.oauth
                  ? vscode.l10n.t(
                      "This site's guides name no host that issues its tokens: set one under Endpoints (RDS API v4.0 tokens) before using v4.0.",
                    )
                  : undefined,
              value: v,
            })),
            selected: (v) => v === (draft.rdsApiVersion ?? 'v3.0'),
          });
          if (chosen !== BACK) draft.rdsApiVersion = chosen[0];
          continue;
        }
        if (c.kind === 'endpoint') {
          const u = await input(sub, {
            prompt: vscode.l10n.t(
              'Address of {0} for this profile; {region} is replaced by the region (e.g. kr1). Empty restores the default.',
              c.service,
            ),
            value: endpoints[c.service] ?? '',
            validate: checks.url,
          });
          if (typeof u !== 'string') continue;
          draft.endpoints = { ...endpoints, [c.service]: u || undefined };
          if (!u) delete draft.endpoints[c.service];
        } else {
          const s = await input(sub, {
            prompt: vscode.l10n.t(
              'S3 signing region in {0}. Empty restores the default ({1}; corrected automatically when the server names another).',
              c.region,
              signingRegionFor(draft.cloud, c.region),
            ),
            value: signing[c.region] ?? '',
            validate: checks.signingRegion,
          });
          if (typeof s !== 'string') continue;
          draft.signingRegions = { ...signing, [c.region]: s || undefined };
          if (!s) delete draft.signingRegions[c.region];
        }
      }
    },
  ];

  const named: Named[] = [
    {
      id: 'name',
      label: () => vscode.l10n.t('Profile name'),
      value: () => draft.name,
      applies: () => true,
      run: run[0],
    },
    {
      id: 'cloud',
      label: () => vscode.l10n.t('Site'),
      value: () => siteName(draft.cloud),
      applies: () => true,
      run: run[1],
    },
    {
      id: 'regions',
      label: () => vscode.l10n.t('Regions'),
      value: () => draft.regions.join(', '),
      applies: () => true,
      run: run[2],
    },
    ...SECRET_STEPS.map((s, k): Named => ({
      id: s.field,
      label: () => s.label,
      value: () =>
        secrets[s.field]
          ? vscode.l10n.t('new value')
          : editing && stored(s.field)
            ? vscode.l10n.t('stored')
            : vscode.l10n.t('not set'),
      applies: () => fieldsAsked(draft.cloud).includes(s.field) && !(s.field === 's3SecretKey' && importedS3),
      run: run[3 + k],
    })),
    {
      id: 'advanced',
      label: () => vscode.l10n.t('Advanced: endpoints, S3 signing regions, RDS API version'),
      value: () => '',
      applies: () => true,
      run: run[run.length - 1],
    },
  ];
  function stepOf(id: string): Step {
    return named.find((n) => n.id === id)!.run;
  }

  if (!byField) {
    // Add Profile: every field the site needs, in order; Back goes to the last one asked.
    let i = 0;
    let dir = 1;
    while (i < named.length) {
      const shown = named.filter((n) => n.applies());
      const k = shown.indexOf(named[i]);
      const r = k < 0 ? SKIP : await named[i].run({ title, step: k + 1, total: shown.length, back: k > 0 });
      if (r === FINISH) break;
      if (r === SKIP) i = Math.max(0, i + dir);
      else if (r === BACK) {
        dir = -1;
        i = Math.max(0, i - 1);
      } else {
        dir = 1;
        i++;
      }
    }
  } else {
    // Edit: the fields, each with what it holds; the chosen one is asked, then the list again.
    for (;;) {
      const chosen = await pick<string>(
        { title, back: false },
        {
          placeholder: vscode.l10n.t('Field to change, or Save profile'),
          items: [
            { label: vscode.l10n.t('$(check) Save profile'), value: 'save' },
            ...named.filter((n) => n.applies()).map((n) => ({ label: n.label(), description: n.value(), value: n.id })),
          ],
        },
      );
      if (chosen === BACK) continue;
      if (chosen[0] === 'save') break;
      const step = named.find((n) => n.id === chosen[0])!;
      const r = await step.run({ title, back: true });
      // Another site starts from all of its regions: asked now, not left empty.
      if (step.id === 'cloud' && r !== BACK && !draft.regions.length) await stepOf('regions')({ title, back: true });
      if (r === FINISH) break;
    }
  }
  if (!draft.regions.length) draft.regions = siteRegions(draft.cloud);
  // Keys of services the site does not run are not kept (a storage-only site has no RDS key).
  for (const f of SECRET_FIELDS_ASKED) if (!fieldsAsked(draft.cloud).includes(f)) delete secrets[f];
  if (draft.endpoints && !Object.keys(draft.endpoints).length) delete draft.endpoints;
  if (draft.signingRegions && !Object.keys(draft.signingRegions).length) delete draft.signingRegions;
  return { profile: draft, secrets };
}
