// The ids of the RDS products (./products.ts holds their rows): no imports, so that the webviews'
// protocol (src/panels/protocol.ts) checks a product without bundling the operations tables.

export type RdsProductId = 'mysql' | 'mariadb';

/** The order products are listed in (wizard, tree, operation listing). */
export const RDS_PRODUCT_ORDER = ['mysql', 'mariadb'] as const satisfies readonly RdsProductId[];
