// Hostile input to the request validators (issue 9, item 4), property-based with fast-check:
//   - every request and response schema of every operations table takes any JS value without
//     throwing (safeParse answers, it never crashes);
//   - each documented limit is checked across and beyond its bounds against an oracle written
//     from the spec's rule (not from the code): accepted exactly when within the rule;
//   - strict request objects refuse unknown fields.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { IDENTITY_OPERATIONS } from '../../../src/client/network/identityOperations';
import { NETWORK_OPERATIONS } from '../../../src/client/network/operations';
import * as net from '../../../src/client/network/schemas';
import * as rds from '../../../src/client/rds/schemas';
import { bucketNameProblems, checkKey } from '../../../src/client/storage/names';
import { isValidationError } from '../../../src/client/errors';

const RUNS = { numRuns: 300 };

/** Integers around and far beyond [min, max], plus non-integers and non-numbers. */
const numbersAround = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: min - 3, max: min + 3 }),
    fc.integer({ min: max - 3, max: max + 3 }),
    fc.integer({ min: -2_000_000, max: 2_000_000 }),
    fc.double({ noNaN: false }),
    fc.constantFrom(NaN, Infinity, -Infinity, -0, min - 0.5, max + 0.5, Number.MAX_SAFE_INTEGER + 2),
    fc.anything(),
  );
const inRange = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

describe('fuzz: request validators never crash', () => {
  const schemas: Array<[string, { safeParse(v: unknown): unknown } | undefined]> = [];
  for (const op of rds.RDS_OPERATIONS)
    schemas.push([`${op.id} query`, op.query], [`${op.id} body`, op.body], [`${op.id} response`, op.response]);
  for (const op of NETWORK_OPERATIONS as readonly { id: string; query?: never; body?: never; response?: never }[])
    schemas.push([`${op.id} query`, op.query], [`${op.id} body`, op.body], [`${op.id} response`, op.response]);
  for (const op of IDENTITY_OPERATIONS as readonly { id: string; body?: never; response?: never }[])
    schemas.push([`${op.id} body`, op.body], [`${op.id} response`, op.response]);
  const present = schemas.filter((s): s is [string, { safeParse(v: unknown): unknown }] => s[1] !== undefined);

  it(`${present.length} schemas of the RDS, network and identity tables answer any value without throwing`, () => {
    assert.ok(present.length > 100, `found ${present.length} schemas`);
    for (const [name, schema] of present) {
      fc.assert(
        fc.property(
          fc.anything({
            withBigInt: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
            withSparseArray: true,
            withNullPrototype: true,
            withBoxedValues: true,
          }),
          (v) => {
            try {
              schema.safeParse(v);
            } catch (err) {
              throw new Error(`${name} threw on ${fc.stringify(v)}: ${String(err)}`);
            }
          },
        ),
        { numRuns: 40 },
      );
    }
  });
});

describe('fuzz: documented limits, accepted exactly within the rule', () => {
  const ranges: Array<[string, { safeParse(v: unknown): { success: boolean } }, number, number]> = [
    ['dbPort (3306-43306)', rds.dbPort, 3306, 43306],
    ['storageSize (20-2048 GB)', rds.storageSize, 20, 2048],
    ['pingInterval (1-600 s)', rds.pingInterval, 1, 600],
    ['backupPeriod (0-730 days)', rds.backupPeriod, 0, 730],
    ['ftwrlWaitTimeout (0-21600 s)', rds.ftwrlWaitTimeout, 0, 21600],
    ['backupRetryCount (0-10)', rds.backupRetryCount, 0, 10],
  ];
  for (const [name, schema, min, max] of ranges) {
    it(`RDS ${name}`, () => {
      fc.assert(
        fc.property(numbersAround(min, max), (v) => schema.safeParse(v).success === inRange(v, min, max)),
        RUNS,
      );
    });
  }

  it('RDS storage resize: not below the current size, at most 2048', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 2048 }), numbersAround(20, 2048), (current, size) => {
        const ok = rds.storageResizeSchema(current).safeParse({ storageSize: size }).success;
        return ok === (inRange(size, 20, 2048) && (size as number) >= current);
      }),
      RUNS,
    );
  });

  const lengths: Array<[string, { safeParse(v: unknown): { success: boolean } }, number, number]> = [
    ['dbPassword (4-256 characters)', rds.dbPassword, 4, 256],
    ['dbUserName (1-32 characters)', rds.dbUserName, 1, 32],
  ];
  for (const [name, schema, min, max] of lengths) {
    it(`RDS ${name}`, () => {
      const around = fc.oneof(
        fc.string({ minLength: Math.max(0, min - 2), maxLength: min + 2 }),
        fc.string({ minLength: max - 2, maxLength: max + 2 }),
        fc.string({ maxLength: 400 }),
        fc.anything(),
      );
      fc.assert(
        fc.property(
          around,
          (v) => schema.safeParse(v).success === (typeof v === 'string' && v.length >= min && v.length <= max),
        ),
        RUNS,
      );
    });
  }

  it('RDS backupWndBgnTime: a time of day hh:mm:ss', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (h, m, s) =>
          rds.backupWndBgnTime.safeParse(`${two(h)}:${two(m)}:${two(s)}`).success === (h < 24 && m < 60 && s < 60),
      ),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string(), (s) => !rds.backupWndBgnTime.safeParse(s).success || /^\d\d:\d\d:\d\d$/.test(s)),
      RUNS,
    );
  });

  it('RDS DB user host: never accepts spaces, quotes, @ or backslashes, nor more than 255 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({
            unit: fc.constantFrom('a', '%', '.', ' ', "'", '"', '@', '\\', '1', ':', '/', '_'),
            maxLength: 300,
          }),
        ),
        (s) => {
          const ok = rds.dbUserHost.safeParse(s).success;
          return !ok || (s.length >= 1 && s.length <= 255 && !/[\s'"@\\]/.test(s));
        },
      ),
      RUNS,
    );
  });

  it('RDS security group rule ports: 1-65535, min <= max, PORT means one port, DB_PORT none, ALL any', () => {
    const port = fc.oneof(fc.integer({ min: -5, max: 70_000 }), fc.constantFrom(0, 1, 65535, 65536, null, undefined));
    fc.assert(
      fc.property(
        fc.constantFrom(...rds.PORT_TYPES),
        fc.constantFrom('INGRESS', 'EGRESS'),
        port,
        port,
        (portType, direction, minPort, maxPort) => {
          const ok = rds.RuleSpec.safeParse({
            direction,
            etherType: 'IPV4',
            cidr: '10.0.0.0/24',
            port: { portType, minPort, maxPort },
          }).success;
          const valid = (p: unknown) => typeof p === 'number' && p >= 1 && p <= 65535;
          const absent = (p: unknown) => p === null || p === undefined;
          const expected =
            portType === 'ALL'
              ? (absent(minPort) || valid(minPort)) && (absent(maxPort) || valid(maxPort))
              : portType === 'DB_PORT'
                ? absent(minPort) && absent(maxPort) && direction === 'INGRESS'
                : portType === 'PORT'
                  ? valid(minPort) && minPort === maxPort
                  : valid(minPort) && valid(maxPort) && (minPort as number) <= (maxPort as number);
          return ok === expected;
        },
      ),
      RUNS,
    );
  });

  /** Oracle from the rule: four decimal octets 0-255 without leading zeros. */
  const octets = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 256, max: 999 })), {
    minLength: 4,
    maxLength: 4,
  });
  const octetText = fc
    .tuple(octets, fc.boolean())
    .map(([o, zero]) => ({ o, text: o.map((n, i) => (zero && i === 2 ? `0${n}` : String(n))).join('.'), zero }));

  it('network: IPv4 addresses', () => {
    fc.assert(
      fc.property(octetText, ({ o, text, zero }) => net.isIpv4(text) === (o.every((n) => n <= 255) && !zero)),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string(), (s) => !net.isIpv4(s) || /^\d{1,3}(\.\d{1,3}){3}$/.test(s)),
      RUNS,
    );
  });

  it('network: CIDRs (prefix 0-32, no host bits)', () => {
    fc.assert(
      fc.property(octetText, fc.integer({ min: 0, max: 40 }), ({ o, text, zero }, len) => {
        const addr = o.reduce((a, n) => a * 256n + BigInt(n), 0n);
        const hostBits = len > 32 ? 0n : addr & ((1n << BigInt(32 - len)) - 1n);
        const expected = o.every((n) => n <= 255) && !zero && len <= 32 && hostBits === 0n;
        return (
          (net.cidrProblem(`${text}/${len}`) === undefined) === expected &&
          net.cidr().safeParse(`${text}/${len}`).success === expected
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('network: multicast group addresses are 224.0.0.0 to 239.255.255.255', () => {
    const uuid = '00000000-0000-4000-8000-000000000001';
    fc.assert(
      fc.property(octetText, ({ o, text, zero }) => {
        const ok = net.CreateMulticastGroup.safeParse({
          association_id: uuid,
          port_id: uuid,
          ipaddress: text,
          member_type: 'STATIC',
        }).success;
        return ok === (o.every((n) => n <= 255) && !zero && o[0] >= 224 && o[0] <= 239);
      }),
      { numRuns: 1000 },
    );
  });

  it('network: UUIDs in filters and bodies', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEFgz-');
    const uuidish = fc
      .tuple(...[8, 4, 4, 4, 12].map((n) => fc.string({ unit: hex, minLength: n - 1, maxLength: n + 1 })))
      .map((p) => p.join('-'));
    fc.assert(
      fc.property(fc.oneof(uuidish, fc.uuid(), fc.string()), (s) => {
        const expected = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s);
        return (
          net.uuid().safeParse(s).success === expected &&
          net.FloatingIpFilters.safeParse({ floating_network_id: s }).success === expected
        );
      }),
      RUNS,
    );
  });

  it('network: strict request bodies refuse any unknown field', () => {
    const known = new Set(['port_id', 'fixed_ip_address']);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.anything(),
        (key, value) => !net.UpdateFloatingIp.safeParse({ port_id: null, [key]: value }).success,
      ),
      RUNS,
    );
  });

  it('storage: bucket names by the S3 rules (3-63 characters, a-z 0-9 . -, letter or digit at both ends, no "..", not an IP)', () => {
    const unit = fc.constantFrom(...'abcxyz0129.-_A Z/é');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit, maxLength: 70 }),
          fc.string({ unit: fc.constantFrom('a', '1', '.', '-'), minLength: 60, maxLength: 66 }),
          octetText.map((x) => x.text),
          fc.string(),
        ),
        (name) => {
          const expected =
            name.length >= 3 &&
            name.length <= 63 &&
            [...name].every((c) => 'abcdefghijklmnopqrstuvwxyz0123456789.-'.includes(c)) &&
            /[a-z0-9]/.test(name[0]) &&
            /[a-z0-9]/.test(name[name.length - 1]) &&
            !name.includes('..') &&
            // "formatted as an IP address": four dot-separated groups of 1 to 3 digits (AWS's example 192.168.5.4).
            !/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
          return (bucketNameProblems(name).length === 0) === expected;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('storage: object keys of 1 to 1024 UTF-8 bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 600 }),
          fc.string({ minLength: 1020, maxLength: 1030 }),
          fc.constant(''),
        ),
        (key) => {
          let ok = true;
          try {
            checkKey('storage.putObject', key);
          } catch (err) {
            assert.ok(isValidationError(err));
            ok = false;
          }
          const bytes = Buffer.byteLength(key);
          return ok === (bytes >= 1 && bytes <= 1024);
        },
      ),
      RUNS,
    );
  });
});
