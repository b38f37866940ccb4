// "Allow my address for this session": one inbound rule for the user's address on the instance's
// port, in a DB security group of the instance, removed when the session ends, when VS Code
// closes (deactivate), or at the next start if the window died. Every rule is written to
// globalState *before* it is created (pending removals), with the extension host's pid: a record
// whose owner is gone is a leftover and is removed at the next start (or profile switch).
// The rule is found again by its description, which carries a random token, so a rule whose
// creation job never reported back is still found and removed.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import type { RdsClient, RdsOutput } from '../../client/rds/client';
import type { RdsDeps } from '../tree/base';
import { rdsProduct, type RdsProductId } from '../../client/products';
import { rdsIds } from '../tree/ids';

export const PENDING_RULES_KEY = 'nhncloud.db.temporaryRules';
export const LAST_ADDRESS_KEY = 'nhncloud.db.lastAddress';

export interface TemporaryRule {
  token: string;
  profileId: string;
  region: Region;
  /** The RDS product of the instance (RDS for MySQL when absent, as rules kept before it). */
  product?: RdsProductId;
  instanceId: string;
  instanceName: string;
  dbSecurityGroupId: string;
  dbSecurityGroupName: string;
  cidr: string;
  port: number;
  /** The session the rule was made for (`profile/instance/user`). */
  sessionId: string;
  /** The extension host that made it: when that process is gone, the rule is a leftover. */
  ownerPid: number;
  createdAt: number;
}

/** The rule's description: names the tool and the token that finds it again. */
export const ruleDescription = (token: string) => `NHN Cloud Explorer temporary ${token}`;

/** The CIDR of one address (IPv4 /32, IPv6 /128), or undefined when the text is not an address. */
export function addressCidr(text: string): { cidr: string; etherType: 'IPV4' | 'IPV6' } | undefined {
  const a = text.trim();
  const v = isIP(a);
  if (v === 4) return { cidr: `${a}/32`, etherType: 'IPV4' };
  if (v === 6) return { cidr: `${a}/128`, etherType: 'IPV6' };
  return undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class TemporaryRules {
  constructor(private readonly deps: RdsDeps) {}

  private get state(): vscode.Memento {
    return this.deps.services.context.globalState;
  }

  list(): TemporaryRule[] {
    const raw = this.state.get<TemporaryRule[]>(PENDING_RULES_KEY);
    return Array.isArray(raw) ? raw : [];
  }

  /** This window's rules (the status bar and the jobs list show them while they exist). */
  mine(): TemporaryRule[] {
    return this.list().filter((r) => r.ownerPid === process.pid);
  }

  private async save(list: TemporaryRule[]): Promise<void> {
    await this.state.update(PENDING_RULES_KEY, list);
  }

  /** Adds the rule and waits until the service lists it (the creation job is shown with the jobs). */
  async add(
    opts: Omit<TemporaryRule, 'token' | 'ownerPid' | 'createdAt'> & {
      etherType: 'IPV4' | 'IPV6';
      rds: RdsClient;
      rootId: string;
    },
  ): Promise<TemporaryRule> {
    const { rds, rootId, etherType, ...rest } = opts;
    const rec: TemporaryRule = {
      ...rest,
      ...(rds.product !== 'mysql' && { product: rds.product }),
      token: randomBytes(6).toString('hex'),
      ownerPid: process.pid,
      createdAt: Date.now(),
    };
    await this.save([...this.list(), rec]);
    await this.waitIdle(rds, rec);
    const res = await rds.createDbSecurityGroupRule({
      dbSecurityGroupId: rec.dbSecurityGroupId,
      body: {
        direction: 'INGRESS',
        etherType,
        port: { portType: 'PORT', minPort: rec.port, maxPort: rec.port },
        cidr: rec.cidr,
        description: ruleDescription(rec.token),
      },
    });
    const groupNodeId = `${rootId}/securityGroup/${rec.dbSecurityGroupId}`;
    if (res?.jobId)
      this.deps.jobs.track({
        jobId: res.jobId,
        region: rec.region,
        product: rec.product,
        title: vscode.l10n.t('Allow {0} on {1}', rec.cidr, rec.instanceName),
        nodeId: groupNodeId,
      });
    await this.waitFor(rds, rec, true);
    this.deps.explorer.refreshId(groupNodeId);
    this.changed.fire();
    return rec;
  }

  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** The rule ids carrying the record's token (normally one). */
  private async ruleIds(rds: RdsClient, rec: TemporaryRule): Promise<string[] | undefined> {
    let r: RdsOutput<'getDbSecurityGroup'>;
    try {
      r = await rds.getDbSecurityGroup({ dbSecurityGroupId: rec.dbSecurityGroupId });
    } catch (e) {
      // The group itself is gone: so is the rule.
      if (/not.?found|does not exist|no such/i.test(e instanceof Error ? e.message : '')) return [];
      throw e;
    }
    return r.rules.filter((x) => x.description === ruleDescription(rec.token)).map((x) => x.ruleId);
  }

  /**
   * Waits while the group changes another rule (progressStatus CREATING_RULE, UPDATING_RULE,
   * DELETING_RULE): the service refuses a rule change then. 2 minutes at most.
   */
  private async waitIdle(rds: RdsClient, rec: TemporaryRule): Promise<void> {
    const until = Date.now() + 120_000;
    for (let delay = 300; ; delay = Math.min(delay * 2, 5000)) {
      const r = await rds.getDbSecurityGroup({ dbSecurityGroupId: rec.dbSecurityGroupId });
      const status = r?.progressStatus;
      if (!status || status === 'NONE') return;
      if (Date.now() > until)
        throw new Error(
          vscode.l10n.t(
            'DB security group {0} is still busy ({1}) after 2 minutes; try again later.',
            rec.dbSecurityGroupName,
            String(status),
          ),
        );
      await new Promise((res) => setTimeout(res, delay));
    }
  }

  /** Polls the group until the rule is there (present) or gone; 2 minutes at most. */
  private async waitFor(rds: RdsClient, rec: TemporaryRule, present: boolean): Promise<void> {
    const until = Date.now() + 120_000;
    for (let delay = 300; ; delay = Math.min(delay * 2, 5000)) {
      const ids = await this.ruleIds(rds, rec);
      if (ids && ids.length > 0 === present) return;
      if (Date.now() > until) {
        throw new Error(
          present
            ? vscode.l10n.t(
                'The rule for {0} in DB security group {1} did not appear within 2 minutes.',
                rec.cidr,
                rec.dbSecurityGroupName,
              )
            : vscode.l10n.t(
                'The rule for {0} in DB security group {1} was not removed within 2 minutes.',
                rec.cidr,
                rec.dbSecurityGroupName,
              ),
        );
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /** Deletes the rule (if it exists) and forgets the record. A failure keeps the record for the next try. */
  async remove(rec: TemporaryRule, rds?: RdsClient): Promise<void> {
    const client = rds ?? (await this.deps.services.clients.rds(rec.region, rdsProduct(rec.product).id));
    const ids = await this.ruleIds(client, rec);
    if (ids?.length) {
      await this.waitIdle(client, rec);
      const res = await client.deleteDbSecurityGroupRules({
        dbSecurityGroupId: rec.dbSecurityGroupId,
        query: { ruleIds: ids },
      });
      if (res?.jobId)
        this.deps.jobs.track({
          jobId: res.jobId,
          region: rec.region,
          product: rec.product,
          title: vscode.l10n.t('Remove the rule for {0} on {1}', rec.cidr, rec.instanceName),
          nodeId: `${rdsIds.root(rec.profileId, rec.region, rdsProduct(rec.product).id)}/securityGroup/${rec.dbSecurityGroupId}`,
        });
    }
    await this.save(this.list().filter((r) => r.token !== rec.token));
    this.deps.services.log.info(
      `Temporary DB security group rule removed: ${rec.cidr} port ${rec.port} (${rec.dbSecurityGroupName}, ${rec.instanceName})`,
    );
    this.changed.fire();
  }

  /** Removes the rules of a session (it ended) or of a failed connection attempt. */
  async removeFor(sessionId: string): Promise<void> {
    for (const rec of this.mine().filter((r) => r.sessionId === sessionId)) {
      await this.remove(rec).catch((e) =>
        this.deps.services.log.warn(
          `Removing the temporary rule ${rec.cidr} of ${rec.instanceName} failed; it will be retried at the next start: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
    }
  }

  /** Leftovers of windows that died, for the active profile (others when their profile is active). */
  async removeLeftovers(): Promise<void> {
    const active = this.deps.services.profiles.active()?.id;
    const leftovers = this.list().filter(
      (r) => r.profileId === active && r.ownerPid !== process.pid && !processAlive(r.ownerPid),
    );
    for (const rec of leftovers) {
      try {
        await this.remove(rec);
        void vscode.window.showInformationMessage(
          vscode.l10n.t(
            'Removed the temporary rule for {0} on {1} left by a window that closed unexpectedly.',
            rec.cidr,
            rec.instanceName,
          ),
        );
      } catch (e) {
        this.deps.services.log.warn(
          `Removing a leftover temporary rule (${rec.cidr}, ${rec.instanceName}) failed: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
  }

  /** VS Code closes: remove this window's rules. */
  async removeAllMine(): Promise<void> {
    await Promise.all(this.mine().map((rec) => this.remove(rec).catch(() => undefined)));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
