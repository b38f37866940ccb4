// Floating IPs: allocate on an external network (with an optional label), attach to a port
// picked from the project's ports (then its fixed IP when it has several), detach, label, delete protection,
// release (confirmed), copy the address.
import * as vscode from 'vscode';
import { isApiError } from '../../client/errors';
import { isIpv4, type FloatingIp } from '../../client/network/schemas';
import type { CommandHandler } from '../../shared/services';
import { FloatingIpNode } from '../tree/floatingIps';
import { networkRoot, type NetworkDeps } from '../tree/root';
import { scopeFrom, uuidProblem, type NetScope } from './targets';
import { ask, confirm, pick } from '../../shared/prompts';
import { networkIds } from '../tree/ids';
import { portChoices } from '../ports';

interface FipTarget extends NetScope {
  fip: FloatingIp;
  folderId: string;
}

async function floatingIpFrom(
  arg: unknown,
  deps: NetworkDeps,
  title: string,
  allowed?: (f: FloatingIp) => string | undefined,
): Promise<FipTarget> {
  if (arg instanceof FloatingIpNode) {
    const root = networkRoot(arg);
    const net = await root.client();
    // Act on the current state, not on what the tree showed minutes ago.
    const fip = await net.getFloatingIp({ floatingIpId: arg.data.id }).catch(() => arg.data);
    const why = allowed?.(fip);
    if (why) throw new Error(`${fip.floating_ip_address}: ${why}`);
    return { region: root.region, rootId: root.id, net, fip, folderId: arg.parent!.id };
  }
  const scope = await scopeFrom(arg, deps, title);
  const list = await scope.net.listFloatingIps();
  const items = list.map((f) => ({
    label: f.floating_ip_address,
    // The label a person gave the address comes first: it is how they tell addresses apart.
    description: [f.label, f.status, f.fixed_ip_address ? `→ ${f.fixed_ip_address}` : vscode.l10n.t('not attached')]
      .filter(Boolean)
      .join(' · '),
    detail: allowed?.(f),
    f,
  }));
  const usable = items.filter((i) => !i.detail);
  if (!usable.length)
    throw new Error(
      vscode.l10n.t('No floating IP in {0} can be used for this ({1} in all).', scope.region, items.length),
    );
  const chosen = await pick(usable, { title, placeHolder: vscode.l10n.t('Floating IP') });
  return { ...scope, fip: chosen.f, folderId: networkIds.floatingIps(scope.rootId) };
}

/** Attach `floatingIpId` to a port; asks for the fixed IP when the service says the port has several. */
export async function attachToPort(
  net: NetScope['net'],
  floatingIpId: string,
  portId: string,
  fixedIp?: string,
): Promise<FloatingIp> {
  try {
    return await net.updateFloatingIp({
      floatingIpId,
      body: { port_id: portId, ...(fixedIp ? { fixed_ip_address: fixedIp } : {}) },
    });
  } catch (e) {
    if (fixedIp || !isApiError(e) || e.status !== 400 || !/fixed ?ip/i.test(e.message)) throw e;
    const ip = await ask({
      title: vscode.l10n.t('Attach Floating IP: fixed IP'),
      prompt: vscode.l10n.t('{0}. Enter the fixed IP of the port to attach to.', e.message.replace(/\.\s*$/, '')),
      placeHolder: '10.0.0.12',
      validateInput: (t) => (isIpv4(t.trim()) ? undefined : vscode.l10n.t('Enter an IPv4 address such as 10.0.0.12.')),
    });
    return net.updateFloatingIp({ floatingIpId, body: { port_id: portId, fixed_ip_address: ip.trim() } });
  }
}

/**
 * The port (and fixed IP) to attach `fip` to: the project's ports by name, device and fixed IPs,
 * then the port's free fixed IPs when it has several; "Enter a port ID" stays for a port the
 * list does not show.
 */
async function choosePort(net: NetScope['net'], fip: FloatingIp): Promise<{ portId: string; fixedIp?: string }> {
  const title = vscode.l10n.t('Attach Floating IP {0}', fip.floating_ip_address);
  const [ports, fips] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Listing ports...') },
    () => Promise.all([net.listPorts(), net.listFloatingIps()]),
  );
  const choices = portChoices(ports, fips).filter((c) => c.usable);
  const chosen = await pick(
    [
      ...choices.map((c) => ({ label: c.label, description: c.description, detail: c.detail, choice: c })),
      {
        label: vscode.l10n.t('$(edit) Enter a port ID...'),
        detail: vscode.l10n.t('A port the list does not show (Instance > Network interface in the console)'),
        choice: undefined,
      },
    ],
    {
      title,
      placeHolder: choices.length
        ? vscode.l10n.t('Port (network interface of an instance) to attach to')
        : vscode.l10n.t('No port with a free fixed IP was found; enter a port ID'),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  if (!chosen.choice) {
    const id = await ask({
      title,
      prompt: vscode.l10n.t('ID of the port (network interface of the instance) to attach to'),
      placeHolder: vscode.l10n.t('Port UUID (Instance > Network interface in the console)'),
      validateInput: (s) => uuidProblem(s),
    });
    return { portId: id.trim() };
  }
  const free = chosen.choice.fixedIps.filter((f) => !f.takenBy);
  const portId = chosen.choice.port.id;
  if (free.length === 1) return { portId, fixedIp: free[0].ip };
  const ip = await pick(
    free.map((f) => ({ label: f.ip, description: f.subnetId ? vscode.l10n.t('subnet {0}', f.subnetId) : '', f })),
    { title, placeHolder: vscode.l10n.t('Fixed IP of {0} to attach to', chosen.choice.label) },
  );
  return { portId, fixedIp: ip.f.ip };
}

export function floatingIpCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  const done = (ids: string[], message: string) => {
    for (const id of ids) deps.explorer.refreshId(id);
    void vscode.window.showInformationMessage(message);
  };
  return {
    'nhncloud.network.allocateFloatingIp': async (node?: unknown) => {
      const title = vscode.l10n.t('Allocate Floating IP');
      const scope = await scopeFrom(node, deps, title);
      const nets = await scope.net.listExternalNetworks();
      if (!nets.length)
        throw new Error(
          vscode.l10n.t('No external network in {0}: floating IPs cannot be allocated there.', scope.region),
        );
      const ext =
        nets.length === 1
          ? nets[0]
          : (
              await pick(
                nets.map((n) => ({
                  label: n.name || n.id,
                  description: String((n as { cidrv4?: string }).cidrv4 ?? ''),
                  n,
                })),
                { title, placeHolder: vscode.l10n.t('External network to allocate on') },
              )
            ).n;
      const label = await ask({
        title,
        prompt: vscode.l10n.t('A label for the new address (optional)'),
        value: '',
        validateInput: (s) =>
          s.length > 255 ? vscode.l10n.t('At most 255 characters ({0} now).', s.length) : undefined,
      });
      const fip = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Allocating a floating IP on {0}...', ext.name || ext.id),
        },
        () =>
          scope.net.createFloatingIp({
            body: { floating_network_id: ext.id, ...(label.trim() ? { label: label.trim() } : {}) },
          }),
      );
      done(
        [networkIds.floatingIps(scope.rootId)],
        vscode.l10n.t('Floating IP {0} allocated in {1}.', fip.floating_ip_address, scope.region),
      );
      return fip.floating_ip_address;
    },
    'nhncloud.network.attachFloatingIp': async (node?: unknown) => {
      const title = vscode.l10n.t('Attach Floating IP');
      const t = await floatingIpFrom(node, deps, title, (f) =>
        f.port_id
          ? vscode.l10n.t('already attached to {0}; detach it first', f.fixed_ip_address ?? f.port_id)
          : undefined,
      );
      const target = await choosePort(t.net, t.fip);
      const res = await attachToPort(t.net, t.fip.id, target.portId, target.fixedIp);
      done(
        [t.folderId],
        vscode.l10n.t(
          'Floating IP {0} attached to {1}.',
          res.floating_ip_address,
          res.fixed_ip_address ?? target.portId,
        ),
      );
    },
    'nhncloud.network.detachFloatingIp': async (node?: unknown) => {
      const t = await floatingIpFrom(node, deps, vscode.l10n.t('Detach Floating IP'), (f) =>
        f.port_id ? undefined : vscode.l10n.t('not attached'),
      );
      await confirm(
        vscode.l10n.t(
          'Detach {0} from {1}?',
          t.fip.floating_ip_address,
          String(t.fip.fixed_ip_address ?? t.fip.port_id),
        ),
        vscode.l10n.t('Detach'),
        vscode.l10n.t(
          'The instance loses this public address until it is attached again; the address stays allocated to the project.',
        ),
      );
      await t.net.updateFloatingIp({ floatingIpId: t.fip.id, body: { port_id: null } });
      done([t.folderId], vscode.l10n.t('Floating IP {0} detached.', t.fip.floating_ip_address));
    },
    'nhncloud.network.setFloatingIpLabel': async (node?: unknown) => {
      const title = vscode.l10n.t('Set Floating IP Label');
      const t = await floatingIpFrom(node, deps, title);
      const label = await ask({
        title: vscode.l10n.t('Set Floating IP Label: {0}', t.fip.floating_ip_address),
        prompt: vscode.l10n.t('A name for this address (empty removes the label)'),
        value: t.fip.label ?? '',
        validateInput: (s) =>
          s.length > 255 ? vscode.l10n.t('At most 255 characters ({0} now).', s.length) : undefined,
      });
      // A PUT of the label alone: the port association is left as it is.
      const res = await t.net.updateFloatingIp({ floatingIpId: t.fip.id, body: { label: label.trim() || null } });
      done(
        [t.folderId],
        res.label
          ? vscode.l10n.t('Floating IP {0} is labelled "{1}".', res.floating_ip_address, res.label)
          : vscode.l10n.t('Floating IP {0} has no label now.', res.floating_ip_address),
      );
    },
    'nhncloud.network.setFloatingIpDeleteProtection': async (node?: unknown) => {
      const title = vscode.l10n.t('Set Floating IP Delete Protection');
      const t = await floatingIpFrom(node, deps, title);
      const choice = await pick(
        [
          {
            label: vscode.l10n.t('On'),
            description: vscode.l10n.t('the address cannot be released until protection is turned off'),
            on: true,
            picked: t.fip.delete_protection === true,
          },
          {
            label: vscode.l10n.t('Off'),
            description: vscode.l10n.t('the address can be released'),
            on: false,
            picked: t.fip.delete_protection !== true,
          },
        ],
        {
          title: vscode.l10n.t('Set Floating IP Delete Protection: {0}', t.fip.floating_ip_address),
          placeHolder: t.fip.delete_protection
            ? vscode.l10n.t('Delete protection is on')
            : vscode.l10n.t('Delete protection is off'),
        },
      );
      const res = await t.net.updateFloatingIp({ floatingIpId: t.fip.id, body: { delete_protection: choice.on } });
      done(
        [t.folderId],
        res.delete_protection
          ? vscode.l10n.t('Delete protection of {0} is on.', res.floating_ip_address)
          : vscode.l10n.t('Delete protection of {0} is off.', res.floating_ip_address),
      );
    },
    'nhncloud.network.releaseFloatingIp': async (node?: unknown) => {
      const t = await floatingIpFrom(node, deps, vscode.l10n.t('Release Floating IP'), (f) =>
        f.delete_protection
          ? vscode.l10n.t('delete protection is on: turn it off first (Set Floating IP Delete Protection)')
          : undefined,
      );
      const detail = t.fip.port_id
        ? vscode.l10n.t(
            'The address goes back to the pool; you may not get the same one again. It is attached to {0} and will be detached.',
            String(t.fip.fixed_ip_address ?? t.fip.port_id),
          )
        : vscode.l10n.t('The address goes back to the pool; you may not get the same one again.');
      await confirm(
        vscode.l10n.t('Release floating IP {0}?', t.fip.floating_ip_address),
        vscode.l10n.t('Release'),
        detail,
      );
      await t.net.deleteFloatingIp({ floatingIpId: t.fip.id });
      done([t.folderId], vscode.l10n.t('Floating IP {0} released.', t.fip.floating_ip_address));
    },
  };
}
