// The 200 MiB acceptance run against the sandbox, in a process of its own (see s3BigRun.ts).
import { bigTransferSuite } from '../../support/s3BigRun';

bigTransferSuite('sandbox');
