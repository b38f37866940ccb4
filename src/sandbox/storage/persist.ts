// The object store kept in a data folder (issue 63: a sandbox restarted by a window reload lost
// every object and every multipart upload, so Resume found nothing on the server). The folder
// holds `storage.json` (regions, buckets, objects, uploads and their parts; small bodies inline,
// generated ones as their seed) and `bodies/` (the large bodies, written there as they arrive).
// `storage.json` is replaced whole (a new file renamed over the old), so a crash mid-write
// leaves the last complete state.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readStateFile, writeStateFile, type SandboxLog } from '../stateFile';
import type { Body, Grant, StoredBucket, StoredObject, StoredPart, Upload } from './store';

const VERSION = 1;

type BodyJson =
  | { kind: 'mem'; base64: string }
  | { kind: 'file'; path: string; size: number }
  | { kind: 'gen'; seed: string; size: number; text: boolean }
  | { kind: 'parts'; parts: BodyJson[] };

interface ObjectJson extends Omit<StoredObject, 'lastModified' | 'body'> {
  lastModified: string;
  body: BodyJson;
}
interface PartJson extends Omit<StoredPart, 'lastModified' | 'body' | 'md5'> {
  lastModified: string;
  md5: string;
  body: BodyJson;
}
interface UploadJson extends Omit<Upload, 'initiated' | 'parts'> {
  initiated: string;
  parts: PartJson[];
}
interface BucketJson {
  name: string;
  created: string;
  grants: Grant[];
  objects: ObjectJson[];
  uploads: UploadJson[];
}
interface StateJson {
  version: number;
  regions: Record<string, BucketJson[]>;
}

/** File bodies are kept by their name under `bodies/`, so the folder can be moved. */
function bodyToJson(body: Body, bodies: string): BodyJson {
  switch (body.kind) {
    case 'mem':
      return { kind: 'mem', base64: body.data.toString('base64') };
    case 'file':
      return {
        kind: 'file',
        path: body.path.startsWith(bodies) ? body.path.slice(bodies.length + 1) : body.path,
        size: body.size,
      };
    case 'parts':
      return { kind: 'parts', parts: body.parts.map((p) => bodyToJson(p, bodies)) };
    default:
      return body;
  }
}

function bodyFromJson(j: BodyJson, bodies: string): Body {
  switch (j.kind) {
    case 'mem':
      return { kind: 'mem', data: Buffer.from(j.base64, 'base64') };
    case 'file':
      return { kind: 'file', path: j.path.includes('/') ? j.path : join(bodies, j.path), size: j.size };
    case 'parts':
      return { kind: 'parts', parts: j.parts.map((p) => bodyFromJson(p, bodies)) };
    default:
      return j;
  }
}

export class StoreFolder {
  readonly bodies: string;
  private readonly file: string;

  constructor(
    readonly dir: string,
    private readonly log: SandboxLog = (m) => console.warn(m),
  ) {
    this.bodies = join(dir, 'bodies');
    this.file = join(dir, 'storage.json');
    mkdirSync(this.bodies, { recursive: true });
  }

  /** The regions as last saved (none when the folder is new). */
  load(): Map<string, Map<string, StoredBucket>> {
    // A file that cannot be read (not JSON, another version, another shape) is set aside and
    // logged; the store starts from its seed (../stateFile.ts).
    return (
      readStateFile(this.file, VERSION, this.log, (data) => this.regionsOf(data as unknown as StateJson)) ?? new Map()
    );
  }

  private regionsOf(state: StateJson): Map<string, Map<string, StoredBucket>> {
    const regions = new Map<string, Map<string, StoredBucket>>();
    if (!state.regions || typeof state.regions !== 'object') throw new Error('it has no regions');
    for (const [region, buckets] of Object.entries(state.regions)) {
      const m = new Map<string, StoredBucket>();
      for (const b of buckets)
        m.set(b.name, {
          name: b.name,
          created: new Date(b.created),
          grants: b.grants,
          objects: new Map(
            b.objects.map((o) => [
              o.key,
              { ...o, lastModified: new Date(o.lastModified), body: bodyFromJson(o.body, this.bodies) },
            ]),
          ),
          uploads: new Map(
            b.uploads.map((u) => [
              u.id,
              {
                ...u,
                initiated: new Date(u.initiated),
                parts: new Map(
                  u.parts.map((p) => [
                    p.partNumber,
                    {
                      ...p,
                      md5: Buffer.from(p.md5, 'hex'),
                      lastModified: new Date(p.lastModified),
                      body: bodyFromJson(p.body, this.bodies),
                    },
                  ]),
                ),
              },
            ]),
          ),
        });
      regions.set(region, m);
    }
    return regions;
  }

  save(regions: Map<string, Map<string, StoredBucket>>): void {
    const state: StateJson = { version: VERSION, regions: {} };
    for (const [region, buckets] of regions)
      state.regions[region] = [...buckets.values()].map((b) => ({
        name: b.name,
        created: b.created.toISOString(),
        grants: b.grants,
        objects: [...b.objects.values()].map((o) => ({
          ...o,
          lastModified: o.lastModified.toISOString(),
          body: bodyToJson(o.body, this.bodies),
        })),
        uploads: [...b.uploads.values()].map((u) => ({
          ...u,
          initiated: u.initiated.toISOString(),
          parts: [...u.parts.values()].map((p) => ({
            ...p,
            md5: p.md5.toString('hex'),
            lastModified: p.lastModified.toISOString(),
            body: bodyToJson(p.body, this.bodies),
          })),
        })),
      }));
    writeStateFile(this.file, state);
  }
}
