// Storage size, backup settings and public access of a DB instance.
import * as vscode from 'vscode';
import type { RdsInput } from '../../client/rds/client';
import type { StorageAutoscaleInput } from '../../client/rds/schemas/v4Changed';
import { serviceRegions } from '../../client/sites';
import type { CommandHandler } from '../../shared/services';
import { TreeNode } from '../../shared/tree/nodes';
import type { RdsDeps } from '../tree/base';
import { InstanceNode } from '../tree/instanceNode';
import { orDash } from '../tree/state';
import { normaliseTime, validate } from './limits';
import { ask, confirm, pick, pickMany, track } from './util';
import { instanceFrom } from './targets';
import { plural } from '../../shared/l10n';

const DURATIONS = ['HALF_AN_HOUR', 'ONE_HOUR', 'ONE_HOUR_AND_HALF', 'TWO_HOURS', 'TWO_HOURS_AND_HALF', 'THREE_HOURS'];

/** The instance of a node of its Storage / Backup Settings / Network folders, or the node itself. */
function instanceArg(node: unknown): unknown {
  return node instanceof TreeNode && !(node instanceof InstanceNode) && node.parent instanceof InstanceNode
    ? node.parent
    : node;
}

export function instanceSettingsCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.resizeStorage': async (node?: unknown) => {
      const t = await instanceFrom(instanceArg(node), deps, vscode.l10n.t('Resize Storage'));
      const s = await t.rds.getStorageInfo({ dbInstanceId: t.data.dbInstanceId });
      const current = Number(s?.storageSize ?? 20);
      const size = Number(
        await ask({
          title: vscode.l10n.t('Resize storage of {0}', t.data.dbInstanceName),
          prompt: vscode.l10n.t('New size in GB ({0} to 2048; it cannot shrink)', Math.max(20, current)),
          value: String(current),
          validate: validate.storageSize(current),
        }),
      );
      if (size === current) return;
      const body: RdsInput<'modifyStorageInfo'>['body'] = { storageSize: size };
      if (t.ha)
        body.useOnlineFailover = (
          await pick(
            [
              { label: vscode.l10n.t('With online failover'), v: true },
              { label: vscode.l10n.t('Without failover'), v: false },
            ],
            { title: vscode.l10n.t('Resizing restarts the instance') },
          )
        ).v;
      track(
        deps,
        t,
        await t.rds.modifyStorageInfo({ dbInstanceId: t.data.dbInstanceId, body }),
        vscode.l10n.t('Resize storage of {0} to {1} GB', t.data.dbInstanceName, size),
        t.nodeId,
        [`${t.nodeId}/storage`],
      );
    },
    // RDS API v4.0: turn storage autoscale on or off and set when, how far and how often it grows.
    'nhncloud.rds.editStorageAutoscale': async (node?: unknown) => {
      const t = await instanceFrom(instanceArg(node), deps, vscode.l10n.t('Storage Autoscale'));
      const s = await t.rds.getStorageInfo({ dbInstanceId: t.data.dbInstanceId });
      const size = Number(s.storageSize ?? 20);
      const now = s.storageAutoscale ?? undefined;
      const title = vscode.l10n.t('Storage autoscale of {0}', t.data.dbInstanceName);
      const on = (
        await pick(
          [
            {
              label: vscode.l10n.t('On'),
              description: now?.useStorageAutoscale ? vscode.l10n.t('current') : '',
              on: true,
            },
            {
              label: vscode.l10n.t('Off'),
              description: now?.useStorageAutoscale ? '' : vscode.l10n.t('current'),
              on: false,
            },
          ],
          { title, placeHolder: vscode.l10n.t('Grow the storage when it fills up?') },
        )
      ).on;
      const storageAutoscale: StorageAutoscaleInput = { useStorageAutoscale: on };
      if (on) {
        const whole = async (
          prompt: string,
          value: number | null | undefined,
          check: (t: string) => string | undefined,
        ) =>
          Number(
            await ask({
              title,
              prompt,
              value: value === null || value === undefined ? '' : String(value),
              validate: check,
            }),
          );
        storageAutoscale.threshold = await whole(
          vscode.l10n.t('Grow when usage reaches (%, 50 to 95)'),
          now?.threshold ?? 80,
          validate.autoscaleThreshold,
        );
        storageAutoscale.maxStorageSize = await whole(
          vscode.l10n.t('Never grow beyond (GB, {0} to 4096)', Math.max(size, 20)),
          now?.maxStorageSize ?? Math.min(4096, Math.max(size * 2, 100)),
          validate.autoscaleMaxSize(size),
        );
        storageAutoscale.cooldownTime = await whole(
          vscode.l10n.t('Wait between two growths (minutes, 10 to 1440)'),
          now?.cooldownTime ?? 10,
          validate.autoscaleCooldown,
        );
      }
      // The guide requires the size with every change of the storage: the current one keeps it.
      track(
        deps,
        t,
        await t.rds.modifyStorageInfo({
          dbInstanceId: t.data.dbInstanceId,
          body: { storageSize: size, storageAutoscale },
        }),
        on
          ? vscode.l10n.t('Turn on storage autoscale of {0}', t.data.dbInstanceName)
          : vscode.l10n.t('Turn off storage autoscale of {0}', t.data.dbInstanceName),
        t.nodeId,
        [`${t.nodeId}/storage`],
      );
    },
    'nhncloud.rds.editBackupSettings': async (node?: unknown) => {
      const t = await instanceFrom(instanceArg(node), deps, vscode.l10n.t('Edit Backup Settings'));
      const b = await t.rds.getBackupInfo({ dbInstanceId: t.data.dbInstanceId });
      const title = vscode.l10n.t('Backup settings of {0}', t.data.dbInstanceName);
      const sched = b?.backupSchedules?.[0];
      const fields = await pickMany(
        [
          {
            label: vscode.l10n.t('Retention period'),
            description: plural(
              Number(b.backupPeriod),
              vscode.l10n.t('{0} day', orDash(b.backupPeriod)),
              vscode.l10n.t('{0} days', orDash(b.backupPeriod)),
            ),
            key: 'period',
          },
          {
            label: vscode.l10n.t('Backup window'),
            description: sched ? `${sched.backupWndBgnTime} (${sched.backupWndDuration})` : vscode.l10n.t('none'),
            key: 'window',
          },
          { label: vscode.l10n.t('FTWRL wait timeout'), description: `${b.ftwrlWaitTimeout} s`, key: 'ftwrl' },
          { label: vscode.l10n.t('Retry count'), description: String(b.backupRetryCount), key: 'retry' },
          {
            label: vscode.l10n.t('Cross-region copy'),
            description: b.replicationRegion ?? vscode.l10n.t('off'),
            key: 'region',
          },
          {
            label: vscode.l10n.t('Backup lock'),
            description: b.useBackupLock ? vscode.l10n.t('on') : vscode.l10n.t('off'),
            key: 'lock',
          },
        ],
        { title, placeHolder: vscode.l10n.t('What do you want to change?') },
      );
      if (!fields.length) return;
      const body: Record<string, unknown> = {};
      for (const { key } of fields) {
        if (key === 'period')
          body.backupPeriod = Number(
            await ask({
              title,
              prompt: vscode.l10n.t('Retention in days (0 to 730; 0 turns automatic backups off)'),
              value: String(b.backupPeriod ?? 1),
              validate: validate.backupPeriod,
            }),
          );
        if (key === 'window') {
          const start = normaliseTime(
            await ask({
              title,
              prompt: vscode.l10n.t('Window start (hh:mm, UTC offset of the region)'),
              value: sched?.backupWndBgnTime?.slice(0, 5) ?? '03:00',
              validate: validate.backupStart,
            }),
          );
          const duration = await pick(
            DURATIONS.map((d) => ({ label: d, picked: d === sched?.backupWndDuration })),
            { title, placeHolder: vscode.l10n.t('Window length') },
          );
          body.backupSchedules = [{ backupWndBgnTime: start, backupWndDuration: duration.label }];
        }
        if (key === 'ftwrl')
          body.ftwrlWaitTimeout = Number(
            await ask({
              title,
              prompt: vscode.l10n.t('FTWRL wait timeout in seconds (0 to 21600)'),
              value: String(b.ftwrlWaitTimeout ?? 1800),
              validate: validate.ftwrlWaitTimeout,
            }),
          );
        if (key === 'retry')
          body.backupRetryCount = Number(
            await ask({
              title,
              prompt: vscode.l10n.t('Retries (0 to 10)'),
              value: String(b.backupRetryCount ?? 0),
              validate: validate.backupRetryCount,
            }),
          );
        if (key === 'region') {
          // The other regions where RDS runs on the profile's site (none on a one-region site).
          const cloud = deps.services.profiles.active()?.cloud ?? 'public';
          const others = serviceRegions(cloud, 'rds').filter((x) => x !== t.region);
          if (!others.length)
            throw new Error(
              vscode.l10n.t('RDS for MySQL runs in no other region of this site: backups cannot be copied elsewhere.'),
            );
          const r = await pick(
            others.map((x) => ({ label: x })),
            { title, placeHolder: vscode.l10n.t('Copy backups to region') },
          );
          body.replicationRegion = r.label;
        }
        if (key === 'lock')
          body.useBackupLock = (
            await pick(
              [
                { label: vscode.l10n.t('Backup lock on'), v: true },
                { label: vscode.l10n.t('Backup lock off'), v: false },
              ],
              { title },
            )
          ).v;
      }
      track(
        deps,
        t,
        await t.rds.modifyBackupInfo({ dbInstanceId: t.data.dbInstanceId, body }),
        vscode.l10n.t('Change backup settings of {0}', t.data.dbInstanceName),
        t.nodeId,
        [`${t.nodeId}/backupInfo`],
      );
    },
    'nhncloud.rds.togglePublicAccess': async (node?: unknown) => {
      const t = await instanceFrom(instanceArg(node), deps, vscode.l10n.t('Toggle Public Access'));
      const n = await t.rds.getNetworkInfo({ dbInstanceId: t.data.dbInstanceId });
      const isPublic = (n?.endPoints ?? []).some((e) => e.endPointType === 'EXTERNAL' || e.endPointType === 'PUBLIC');
      if (!isPublic)
        await confirm(
          vscode.l10n.t('Give {0} an external endpoint?', t.data.dbInstanceName),
          vscode.l10n.t('Enable Public Access'),
          vscode.l10n.t('It becomes reachable from the internet for the CIDRs its DB security groups allow.'),
        );
      else
        await confirm(
          vscode.l10n.t('Remove the external endpoint of {0}?', t.data.dbInstanceName),
          vscode.l10n.t('Disable Public Access'),
          vscode.l10n.t('Clients connecting from outside the VPC lose access.'),
        );
      track(
        deps,
        t,
        await t.rds.modifyNetworkInfo({ dbInstanceId: t.data.dbInstanceId, body: { usePublicAccess: !isPublic } }),
        isPublic
          ? vscode.l10n.t('Disable public access of {0}', t.data.dbInstanceName)
          : vscode.l10n.t('Enable public access of {0}', t.data.dbInstanceName),
        t.nodeId,
        [`${t.nodeId}/network`],
      );
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Endpoints change when the job ends'), 3000);
    },
  };
}
