// Our S3 client as the bench's worker processes make it: the bundled lib.cjs (the code as it
// ships), one transport, the target server's address, keys and signing region.
import { createRequire } from 'node:module';

/** {lib, s3, close} for `target` ({baseUrl, access, secret, region}) from the bundle at `libPath`. */
export function ourClient(libPath, target) {
  const lib = createRequire(import.meta.url)(libPath);
  const transport = new lib.Transport({ userAgent: 'nhncloud-explorer-bench' });
  const s3 = new lib.S3Client({
    baseUrl: target.baseUrl,
    accessKey: target.access,
    secretKey: target.secret,
    signingRegion: target.region,
    transport,
  });
  return { lib, s3, close: () => transport.close() };
}
