// The 200 MiB acceptance run against @20minutes/s3rver 5.0.0, in a process of its own (see s3BigRun.ts).
import { bigTransferSuite } from '../../support/s3BigRun';

bigTransferSuite('s3rver');
