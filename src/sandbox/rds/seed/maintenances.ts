// The maintenances of the seed (API v4.0, issue 61): what the console's Maintenance tab would list
// for a few instances. KR1's prod-orders has a pending provider maintenance (its tuned parameter
// group waits to be applied) and a past one; staging-api one scheduled for the next window;
// legacy-crm a required security patch; JP1's jp-shop a required migration and a past upgrade;
// KR4's gov-records a patch. Ids come from a generator of their own, so the rest of the seed keeps
// the ids it always had.
import type { RdsState, RegionState } from '../state';
import type { Instance, Maintenance, RegionCode } from '../types';
import { rng, uuidFrom, ymdt } from '../util';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The start of the next maintenance window after `now`: the sandbox gives every instance the
 * console's default kind of slot, 03:00 Korea and Japan time (18:00 UTC).
 */
export function nextMaintenanceWindow(now: number): number {
  const day = Math.floor(now / DAY) * DAY;
  const today = day + 18 * HOUR;
  return today > now ? today : today + DAY;
}

type Seed = Omit<Maintenance, 'maintenanceId' | 'dbInstanceId' | 'haPairSynced'>;

const pending = (over: Partial<Seed> & Pick<Seed, 'category' | 'type' | 'addedYmdt'>): Seed => ({
  description: null,
  payload: {},
  required: false,
  deadlineYmdt: null,
  status: 'PENDING',
  executionType: null,
  executionStartedYmdt: null,
  executionCompletedYmdt: null,
  ...over,
});

export function seedMaintenances(state: RdsState, seed: number): void {
  const rand = rng(seed ^ 0x3a1e7);
  const now = state.now();
  /** `m`: the maintenance, or a function of the instance and its region that gives it. */
  const add = (region: RegionCode, name: string, m: Seed | ((i: Instance, r: RegionState) => Seed)) => {
    const r = state.regions[region];
    const inst = [...r.instances.values()].find((i) => i.dbInstanceName === name);
    if (!inst) return;
    const ha = r.groups.get(inst.dbInstanceGroupId)?.replicationType === 'HIGH_AVAILABILITY';
    const maintenanceId = uuidFrom(rand);
    const fields = typeof m === 'function' ? m(inst, r) : m;
    r.maintenances.set(maintenanceId, { ...fields, maintenanceId, dbInstanceId: inst.dbInstanceId, haPairSynced: ha });
  };
  const at = (ms: number) => ymdt(ms);

  // What the maintenance applies: the instance's parameter group, which waits for it.
  add('KR1', 'prod-orders', (i, r) =>
    pending({
      category: 'PROVIDER',
      type: 'APPLY_CHANGE_PARAMETER',
      description: 'Apply the changed parameters of prod-mysql8-tuned',
      payload: {
        parameterGroupId: i.parameterGroupId,
        parameterGroupName: r.parameterGroups.get(i.parameterGroupId)?.parameterGroupName,
      },
      addedYmdt: at(now - 2 * DAY),
    }),
  );
  add('KR1', 'prod-orders', {
    category: 'PROVIDER',
    type: 'MIGRATION',
    description: 'Migration for hypervisor maintenance',
    payload: {},
    required: true,
    deadlineYmdt: at(now - 20 * DAY),
    status: 'COMPLETED',
    executionType: 'SCHEDULED',
    addedYmdt: at(now - 40 * DAY),
    executionStartedYmdt: at(nextMaintenanceWindow(now - 26 * DAY)),
    executionCompletedYmdt: at(nextMaintenanceWindow(now - 26 * DAY) + 14 * 60_000),
  });
  add('KR1', 'staging-api', {
    ...pending({
      category: 'USER',
      type: 'UPDATE_DB_INSTANCE',
      description: 'Change the DB flavor to m2.c4m8',
      payload: { dbFlavorName: 'm2.c4m8' },
      addedYmdt: at(now - DAY),
    }),
    status: 'READY',
    executionType: 'SCHEDULED',
    executionStartedYmdt: at(nextMaintenanceWindow(now)),
  });
  add(
    'KR1',
    'legacy-crm',
    pending({
      category: 'PROVIDER',
      type: 'PATCH_SECURITY',
      description: 'Security update of the operating system',
      required: true,
      deadlineYmdt: at(now + 10 * DAY),
      addedYmdt: at(now - 5 * DAY),
    }),
  );
  // A migration waits: the instance says it needs one until it runs.
  add('JP1', 'jp-shop', (i) => {
    i.needMigration = true;
    return pending({
      category: 'PROVIDER',
      type: 'MIGRATION',
      description: 'Migration for hypervisor maintenance',
      required: true,
      deadlineYmdt: at(now + 14 * DAY),
      addedYmdt: at(now - 3 * DAY),
    });
  });
  add('JP1', 'jp-shop', {
    category: 'USER',
    type: 'UPGRADE_ENGINE_VERSION',
    description: 'Upgrade to MySQL 8.0.43',
    payload: { dbVersion: 'MYSQL_V8043' },
    required: false,
    deadlineYmdt: null,
    status: 'COMPLETED',
    executionType: 'MANUAL',
    addedYmdt: at(now - 61 * DAY),
    executionStartedYmdt: at(now - 61 * DAY + 5 * 60_000),
    executionCompletedYmdt: at(now - 61 * DAY + 31 * 60_000),
  });
  add(
    'KR4',
    'gov-records',
    pending({
      category: 'PROVIDER',
      type: 'PATCH_SECURITY',
      description: 'Security update of the operating system',
      addedYmdt: at(now - 4 * DAY),
    }),
  );
}
