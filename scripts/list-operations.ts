// `npm run --silent list-operations`: every operation the client declares, one a line,
// `<service> <METHOD> <path template>`, e.g. `rds GET /v3.0/db-instances/{dbInstanceId}`.
import { describeOperation } from '../src/client/operation';
import { ALL_OPERATIONS } from '../src/client/operations';

process.stdout.write(ALL_OPERATIONS.map((op) => describeOperation(op)).join('\n') + '\n');
