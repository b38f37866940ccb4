// What Attach Floating IP offers: the project's ports (GET /v2.0/ports of the network endpoint)
// by name, device and fixed IPs, then the chosen port's fixed IPs; a fixed IP that already has a
// floating IP is shown with it and cannot be picked (the service refuses a second one). Free of
// `vscode`, so the choices are unit-tested in plain Node.
import { l10n } from '../shared/l10n';
import type { FloatingIp, Port } from '../client/network/schemas';

export interface FixedIpChoice {
  ip: string;
  subnetId?: string;
  /** The floating IP already attached to this fixed IP, if any. */
  takenBy?: string;
}

export interface PortChoice {
  port: Port;
  label: string;
  description: string;
  detail: string;
  fixedIps: FixedIpChoice[];
  /** Whether a fixed IP of the port is still free to take a floating IP. */
  usable: boolean;
}

/**
 * Ports a floating IP can be attached to: those of instances and other devices, not the
 * network's own (router interfaces, DHCP: `device_owner` `network:*`). Sorted by name.
 */
export function portChoices(ports: readonly Port[], floatingIps: readonly FloatingIp[]): PortChoice[] {
  return ports
    .filter((p) => !(p.device_owner ?? '').startsWith('network:'))
    .map((port) => {
      const fixedIps = (port.fixed_ips ?? []).map((f) => {
        const taken = floatingIps.find((x) => x.port_id === port.id && x.fixed_ip_address === f.ip_address);
        return {
          ip: f.ip_address,
          subnetId: f.subnet_id ?? undefined,
          takenBy: taken?.floating_ip_address,
        };
      });
      const free = fixedIps.filter((f) => !f.takenBy).length;
      const detail = !port.device_id
        ? l10n.t('no device · port {0}', port.id)
        : port.device_owner
          ? l10n.t('device {0} ({1}) · port {2}', port.device_id, port.device_owner, port.id)
          : l10n.t('device {0} · port {1}', port.device_id, port.id);
      return {
        port,
        label: port.name || port.id,
        description: fixedIps.map((f) => (f.takenBy ? `${f.ip} → ${f.takenBy}` : f.ip)).join(', '),
        detail,
        fixedIps,
        usable: free > 0,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
}
