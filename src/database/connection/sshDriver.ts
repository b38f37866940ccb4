// The entry of dist/sshDriver.js: the ssh2 client in its own bundle, required on the first
// connection through an SSH bastion (./driver.ts), so neither activation nor a direct Connect
// pays for it. ssh2's optional native parts (its crypto binding, cpu-features) are left out of
// the bundle: ssh2 falls back to Node's own crypto without them. The sandbox's bastion
// (src/sandbox/bastion.ts) takes its server from here too, so dist/sandbox.js holds no copy.
export { Client, Server, utils } from 'ssh2';
export type { ClientChannel, ConnectConfig } from 'ssh2';
