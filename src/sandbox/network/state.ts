// One region's network resources: floating IPs, the seeded VPCs and ports, and the
// transit-hub model with its BUILD-to-ACTIVE timers.
import { randomUUID } from 'node:crypto';
import { SEED, SEED_PORTS, SEED_TIME, SEED_VPCS, type SeedPort, type SeedVpc } from './seed';
import { type Rec, refuse, SEG, LABEL } from './handlers/common';

/** What a region keeps in the data folder (../module.ts). */
export interface RegionJson {
  floatingIps: Rec[];
  gateways: Record<string, Rec[]>;
  /** BUILD resources and when they turn ACTIVE (ms since epoch): past times settle on the next call. */
  activeAt: [string, number][];
  nextAddress: number;
}

/** One region's resources. */
export class RegionState {
  readonly floatingIps = new Map<string, Rec>();
  readonly vpcs: SeedVpc[] = SEED_VPCS.map((v) => ({ ...v, subnets: v.subnets.map((s) => ({ ...s })) }));
  readonly ports: SeedPort[] = SEED_PORTS.map((p) => ({ ...p, fixedIps: [...p.fixedIps] }));
  readonly gateways = new Map<string, Map<string, Rec>>(Object.values(SEG).map((s) => [s, new Map()]));
  /** When a BUILD resource turns ACTIVE (ms since epoch), by id. */
  readonly activeAt = new Map<string, number>();
  private nextAddress = 10;
  private readonly addressPrefix: string;

  constructor(
    region: string,
    readonly tenantId: string,
  ) {
    const octet = { KR1: 110, KR2: 120, KR3: 130, JP1: 140 }[region] ?? 150;
    this.addressPrefix = `133.186.${octet}.`;
    this.seed();
  }

  of(segment: string): Map<string, Rec> {
    return this.gateways.get(segment)!;
  }

  find(segment: string, id: unknown): Rec | undefined {
    return typeof id === 'string' ? this.of(segment).get(id) : undefined;
  }

  need(segment: string, id: unknown): Rec {
    return (
      this.find(segment, id) ??
      refuse(404, `${LABEL[segment].replace(/ /g, '')}NotFound`, `${LABEL[segment]} ${String(id)} could not be found.`)
    );
  }

  /** Applies BUILD -> ACTIVE for resources whose delay has passed. */
  settle(all = false): void {
    const now = Date.now();
    for (const [id, at] of this.activeAt) {
      if (!all && now < at) continue;
      for (const seg of [SEG.table, SEG.domain]) {
        const r = this.of(seg).get(id);
        if (r) r.status = 'ACTIVE';
      }
      this.activeAt.delete(id);
    }
  }

  /** The region's changeable resources as data (the seeded VPCs and ports do not change). */
  snapshot(): RegionJson {
    return {
      floatingIps: [...this.floatingIps.values()],
      gateways: Object.fromEntries([...this.gateways].map(([seg, m]) => [seg, [...m.values()]])),
      activeAt: [...this.activeAt.entries()],
      nextAddress: this.nextAddress,
    };
  }

  /** Replaces the seeded resources with kept ones (../stateFile.ts); throws on a shape it did not write. */
  restore(json: RegionJson): void {
    const list = (v: unknown, what: string): Rec[] => {
      if (!Array.isArray(v)) throw new Error(`${what} is not a list`);
      return v as Rec[];
    };
    const fips = list(json.floatingIps, 'floatingIps');
    const segments = Object.values(SEG).map((seg) => [seg, list(json.gateways?.[seg], seg)] as const);
    const activeAt = list(json.activeAt, 'activeAt') as unknown as [string, number][];
    if (!Number.isInteger(json.nextAddress)) throw new Error('nextAddress is not a number');
    this.floatingIps.clear();
    for (const f of fips) this.floatingIps.set(f.id, f);
    for (const [seg, recs] of segments) {
      const m = this.of(seg);
      m.clear();
      for (const r of recs) m.set(r.id, r);
    }
    this.activeAt.clear();
    for (const [id, at] of activeAt) this.activeAt.set(id, at);
    this.nextAddress = json.nextAddress;
  }

  allocateAddress(): string {
    return `${this.addressPrefix}${this.nextAddress++}`;
  }

  base(id?: string): Rec {
    return {
      id: id ?? randomUUID(),
      tenant_id: this.tenantId,
      project_id: this.tenantId,
      status: 'ACTIVE',
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    };
  }

  put(segment: string, rec: Rec): Rec {
    this.of(segment).set(rec.id, rec);
    return rec;
  }

  private seed(): void {
    const fip = (id: string, address: string, extra: Record<string, unknown>) =>
      this.floatingIps.set(id, {
        id,
        floating_network_id: SEED.externalNetworkId,
        floating_ip_address: address,
        router_id: null,
        fixed_ip_address: null,
        port_id: null,
        status: 'DOWN',
        tenant_id: this.tenantId,
        project_id: this.tenantId,
        delete_protection: false,
        label: null,
        description: '',
        created_at: '2024-02-12T22:19:05Z',
        updated_at: '2024-02-12T22:19:05Z',
        ...extra,
      });
    fip(SEED.activeFloatingIpId, this.allocateAddress(), {
      port_id: SEED.webPortId,
      fixed_ip_address: '10.10.1.10',
      router_id: SEED.routerId,
      status: 'ACTIVE',
      label: 'web',
    });
    fip(SEED.downFloatingIpId, this.allocateAddress(), {});
    fip(SEED.protectedFloatingIpId, this.allocateAddress(), {
      delete_protection: true,
      label: 'reserved for the mail relay',
    });

    const hub = this.put(SEG.hub, {
      ...this.base(SEED.hubId),
      name: 'core-hub',
      description: 'Connects the app and db VPCs',
      multicast_enable: true,
      default_association_enable: false,
      default_propagation_enable: false,
    });
    this.put(SEG.table, {
      ...this.base(SEED.defaultTableId),
      name: 'default',
      description: 'Default routing table',
      transithub_id: hub.id,
      default_table: true,
    });
    this.put(SEG.table, {
      ...this.base(SEED.prodTableId),
      name: 'prod-table',
      description: '',
      transithub_id: hub.id,
      default_table: false,
    });
    const att = (id: string, name: string, vpc: string, subnet: string) =>
      this.put(SEG.attachment, {
        ...this.base(id),
        name,
        description: '',
        resource_id: vpc,
        subnet_id: subnet,
        transithub_id: hub.id,
        resource_cidr: this.vpcs.find((v) => v.id === vpc)!.cidrv4,
        remote: false,
      });
    att(SEED.appAttachmentId, 'app-attachment', SEED.appVpcId, SEED.appSubnetId);
    att(SEED.dbAttachmentId, 'db-attachment', SEED.dbVpcId, SEED.dbSubnetId);
    this.put(SEG.association, {
      ...this.base(SEED.appAssociationId),
      description: '',
      attachment_id: SEED.appAttachmentId,
      routing_table_id: SEED.defaultTableId,
    });
    this.put(SEG.association, {
      ...this.base(SEED.dbAssociationId),
      description: '',
      attachment_id: SEED.dbAttachmentId,
      routing_table_id: SEED.prodTableId,
    });
    this.propagate({
      ...this.base(SEED.appPropagationId),
      description: '',
      attachment_id: SEED.appAttachmentId,
      routing_table_id: SEED.prodTableId,
    });
    this.propagate({
      ...this.base(SEED.dbPropagationId),
      description: '',
      attachment_id: SEED.dbAttachmentId,
      routing_table_id: SEED.defaultTableId,
    });
    const rule = (id: string, table: string, cidr: string, action: string, attachment: string) =>
      this.put(SEG.rule, {
        ...this.base(id),
        description: '',
        cidr,
        action,
        rule_type: 'STATIC',
        attachment_id: attachment,
        routing_table_id: table,
        propagation_id: null,
      });
    rule(SEED.defaultRouteRuleId, SEED.prodTableId, '0.0.0.0/0', 'FORWARD', SEED.appAttachmentId);
    rule(SEED.blackholeRuleId, SEED.prodTableId, '10.99.0.0/16', 'BLACKHOLE', SEED.dbAttachmentId);
    rule(SEED.privateRuleId, SEED.defaultTableId, '172.16.0.0/12', 'FORWARD', SEED.dbAttachmentId);

    this.put(SEG.domain, {
      ...this.base(SEED.multicastDomainId),
      name: 'media',
      description: 'Video multicast',
      transithub_id: hub.id,
    });
    this.put(SEG.mAssociation, {
      ...this.base(SEED.multicastAssociationId),
      description: '',
      attachment_id: SEED.appAttachmentId,
      subnet_id: SEED.appSubnetId,
      domain_id: SEED.multicastDomainId,
    });
    this.put(SEG.group, {
      ...this.base(SEED.memberGroupId),
      description: 'receiver',
      association_id: SEED.multicastAssociationId,
      domain_id: SEED.multicastDomainId,
      ipaddress: '239.1.1.1',
      member_type: 'STATIC',
      source_type: null,
      port_id: SEED.webPortId,
    });
    this.put(SEG.group, {
      ...this.base(SEED.sourceGroupId),
      description: 'sender',
      association_id: SEED.multicastAssociationId,
      domain_id: SEED.multicastDomainId,
      ipaddress: '239.1.1.1',
      member_type: null,
      source_type: 'STATIC',
      port_id: SEED.multiIpPortId,
    });
    this.put(SEG.hubAllow, {
      ...this.base(SEED.hubAllowProjectId),
      transithub_id: hub.id,
      transithub_name: 'core-hub',
      target_project_id: SEED.partnerProjectId,
    });
    this.put(SEG.domainAllow, {
      ...this.base(SEED.domainAllowProjectId),
      domain_id: SEED.multicastDomainId,
      domain_name: 'media',
      target_project_id: SEED.partnerProjectId,
    });
    this.put(SEG.hubShared, {
      id: SEED.sharedHubId,
      transithub_id: SEED.sharedHubId,
      transithub_name: 'partner-hub',
      transithub_project_id: SEED.partnerProjectId,
    });
    this.put(SEG.domainShared, {
      id: SEED.sharedDomainId,
      domain_id: SEED.sharedDomainId,
      domain_name: 'partner-media',
      domain_project_id: SEED.partnerProjectId,
    });
  }

  /** Stores a propagation and the PROPAGATED rule it brings: the attachment's VPC range into the table. */
  propagate(p: Rec): Rec {
    this.put(SEG.propagation, p);
    const att = this.need(SEG.attachment, p.attachment_id);
    const vpc = this.vpcs.find((v) => v.id === att.resource_id);
    if (vpc) {
      this.put(SEG.rule, {
        ...this.base(),
        description: `propagated from ${String(att.name ?? att.id)}`,
        cidr: vpc.cidrv4,
        action: 'FORWARD',
        rule_type: 'PROPAGATED',
        attachment_id: att.id,
        routing_table_id: p.routing_table_id,
        propagation_id: p.id,
      });
    }
    return p;
  }
}
