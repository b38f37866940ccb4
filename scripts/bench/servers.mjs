// The S3 servers of the transfer and folder figures, each started in its own process by
// transferServer.mjs: the sandbox, s3rver and, when its Debian packages are installed,
// OpenStack Swift with s3api (test/support/swift.mjs). Without Swift the figures say why.
import { swiftMissing } from '../../test/support/swift.mjs';

export const swiftWhy = () => swiftMissing();

export function defaultServers(log = console.error) {
  const why = swiftMissing();
  if (why) log(`[bench] Swift rows not run: ${why}`);
  return why ? ['sandbox', 's3rver'] : ['sandbox', 's3rver', 'swift'];
}
