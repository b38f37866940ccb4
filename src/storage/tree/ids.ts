// Tree ids of the object-storage tree (`<profile>/<region>/storage/bucket/<bucket>/<key>`). The
// nodes are built with these; commands, jobs and the RDS log export ask here.
import type { Region } from '../../client/endpoints';
import { serviceRootId } from '../../shared/tree/serviceRoot';

export const storageIds = {
  root: (profileId: string, region: Region): string => serviceRootId(profileId, region, 'storage'),
  bucket: (rootId: string, bucket: string): string => `${rootId}/bucket/${bucket}`,
  /** A prefix (ending in `/`) or an object key below a bucket node. */
  entry: (bucketNodeId: string, keyOrPrefix: string): string => `${bucketNodeId}/${keyOrPrefix}`,
};
