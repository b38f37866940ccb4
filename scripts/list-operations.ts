// `npm run --silent list-operations`: every operation the client declares, one a line,
// `<service> <METHOD> <path template>  <- <what reaches it>`, e.g.
// `rds GET /v3.0/db-instances/{dbInstanceId}  <- command nhncloud.rds.showDetails, tree InstanceNode.getChildren`.
// The reach column is derived from the code (scripts/operationReach.ts); `--paths` prints the
// first column alone. The last line counts the reachable operations.
import { describeOperation } from '../src/client/operation';
import { ALL_OPERATIONS } from '../src/client/operations';
import { productOperations, RDS_PRODUCT_ORDER, RDS_PRODUCTS } from '../src/client/products';
import { operationReach } from './operationReach';

if (process.argv.includes('--paths')) {
  process.stdout.write(ALL_OPERATIONS.map((op) => describeOperation(op)).join('\n') + '\n');
} else {
  const reach = operationReach(ALL_OPERATIONS);
  const width = Math.max(...ALL_OPERATIONS.map((op) => describeOperation(op).length));
  const lines = ALL_OPERATIONS.map((op) => {
    const by = reach.get(op.id) ?? [];
    const shown = by
      .filter((r) => !r.label.startsWith('shared '))
      .concat(by.filter((r) => r.label.startsWith('shared ')));
    const text = shown.length
      ? shown
          .slice(0, 3)
          .map((r) => r.label)
          .join(', ') + (shown.length > 3 ? ` (+${shown.length - 3} more)` : '')
      : 'UNREACHABLE';
    return `${describeOperation(op).padEnd(width)}  <- ${text}`;
  });
  const reachable = ALL_OPERATIONS.filter((op) => reach.get(op.id)?.length).length;
  // Each RDS product is served by the same rows (src/client/products.ts): its guides' count per version.
  const products = RDS_PRODUCT_ORDER.map((id) => {
    const ofProduct = productOperations(id, 'v3.0').concat(productOperations(id, 'v4.0'));
    const reached = ofProduct.filter((op) => reach.get(op.id)?.length).length;
    return `${RDS_PRODUCTS[id].label}: ${productOperations(id, 'v3.0').length} (v3.0) + ${productOperations(id, 'v4.0').length} (v4.0) operations, ${reached} reachable`;
  });
  process.stdout.write(
    `${lines.join('\n')}\n${products.join('\n')}\n${reachable} of ${ALL_OPERATIONS.length} operations reachable\n`,
  );
  if (reachable < ALL_OPERATIONS.length) process.exitCode = 1;
}
