// Project, catalog, jobs and instance groups.
import { STORAGE_TYPES, versionsOf } from '../seed/catalog';
import { notFound } from '../util';
import type { Handlers } from './context';
import { jobView } from './present';

export const catalogHandlers: Handlers = {
  listRegions: ({ state }) => ({
    regions: Object.values(state.regions).map((r) => ({ regionCode: r.region, isEnabled: r.enabled })),
  }),
  listProjectMembers: ({ state }) => ({ members: state.members }),
  listDbFlavors: ({ r }) => ({ dbFlavors: r.flavors }),
  listSubnets: ({ r }) => ({ subnets: r.subnets }),
  listDbVersions: ({ state }) => ({
    dbVersions: versionsOf(state.product).map(({ dbVersion, dbVersionName, creatable, restorableFromObs }) => ({
      dbVersion,
      dbVersionName,
      canCreate: creatable,
      restorableFromObs,
    })),
  }),
  listStorageTypes: () => ({ storageTypes: STORAGE_TYPES }),
  listStorages: () => ({ storages: STORAGE_TYPES }),
  getJob: ({ state, params }) => {
    const job = state.jobs.jobs.get(params.jobId);
    if (!job) throw notFound('Job', params.jobId);
    return jobView(job);
  },
  listDbInstanceGroups: ({ r }) => {
    // One pass over the instances (membersOf per group made 1,000 instances cost a million steps).
    const used = new Set([...r.instances.values()].map((i) => i.dbInstanceGroupId));
    return { dbInstanceGroups: [...r.groups.values()].filter((g) => used.has(g.dbInstanceGroupId)) };
  },
  getDbInstanceGroup: ({ r, params }) => {
    const g = r.groups.get(params.dbInstanceGroupId);
    const members = g ? r.membersOf(g.dbInstanceGroupId) : [];
    if (!g || members.length === 0) throw notFound('DB instance group', params.dbInstanceGroupId);
    return {
      ...g,
      dbInstances: members.map((i) => ({
        dbInstanceId: i.dbInstanceId,
        dbInstanceType: i.dbInstanceType,
        dbInstanceStatus: i.dbInstanceStatus,
      })),
    };
  },
};
