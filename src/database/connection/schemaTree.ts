// Schemas come alive while connected: under a DB Schemas folder node of an instance with a live
// session, each schema lists its tables and views (row estimates from information_schema), each
// table its columns (type, null, key) and indexes. Every read opens its own short connection
// through the session (DbSession.connect) and ends it, so a running console query is not touched.
import * as vscode from 'vscode';
import type { Connection } from 'mysql2/promise';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, TreeNode } from '../../shared/tree/nodes';
import type { DbSession } from './session';

import { quoteIdent } from '../sqlText';
import { plural, formatCount } from '../../shared/l10n';
export { quoteIdent };

export async function withConnection<T>(session: DbSession, fn: (c: Connection) => Promise<T>): Promise<T> {
  const c = await session.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => c.destroy());
  }
}

interface TableRow {
  TABLE_NAME: string;
  TABLE_TYPE: string;
  TABLE_ROWS: string | number | null;
  ENGINE: string | null;
  TABLE_COMMENT: string | null;
}

/** The columns query's rows (information_schema.COLUMNS). */
interface ColumnRow {
  COLUMN_NAME: string;
  COLUMN_TYPE: string;
  IS_NULLABLE: string;
  COLUMN_KEY: string;
  COLUMN_DEFAULT: string | null;
  EXTRA: string;
}

/** The indexes query's rows (information_schema.STATISTICS, grouped by index). */
interface IndexRow {
  INDEX_NAME: string;
  NON_UNIQUE: string | number;
  COLS: string;
}

/** The tables and views of a schema, for the schema node of a connected instance. */
export async function loadSchemaObjects(parent: TreeNode, session: DbSession, schema: string): Promise<TreeNode[]> {
  const [rows] = await withConnection(session, (c) =>
    c.query(
      'SELECT TABLE_NAME, TABLE_TYPE, TABLE_ROWS, ENGINE, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
      [schema],
    ),
  );
  return (rows as TableRow[]).map((t) => new DbTableNode(parent, session, schema, t));
}

export class DbTableNode extends FolderNode {
  readonly id: string;
  readonly label: string;
  protected readonly kind: string;
  protected override icon: string;
  readonly isView: boolean;

  constructor(
    parent: TreeNode,
    readonly session: DbSession,
    readonly schema: string,
    private readonly row: TableRow,
  ) {
    super();
    this.parent = parent;
    this.isView = row.TABLE_TYPE === 'VIEW' || row.TABLE_TYPE === 'SYSTEM VIEW';
    this.id = `${parent.id}/${this.isView ? 'view' : 'table'}/${row.TABLE_NAME}`;
    this.label = row.TABLE_NAME;
    this.kind = this.isView ? 'rds.db.view' : 'rds.db.table';
    this.icon = this.isView ? 'eye' : 'table';
  }

  get table(): string {
    return this.row.TABLE_NAME;
  }

  protected override describe(): string | undefined {
    if (this.isView) return vscode.l10n.t('view');
    return this.row.TABLE_ROWS === null || this.row.TABLE_ROWS === undefined
      ? undefined
      : plural(
          Number(this.row.TABLE_ROWS),
          vscode.l10n.t('~{0} row', formatCount(Number(this.row.TABLE_ROWS))),
          vscode.l10n.t('~{0} rows', formatCount(Number(this.row.TABLE_ROWS))),
        );
  }

  protected override tooltip(): vscode.MarkdownString {
    return new vscode.MarkdownString(
      mdFields(`${this.schema}.${this.table}`, [
        [vscode.l10n.t('Type'), this.row.TABLE_TYPE],
        [vscode.l10n.t('Engine'), this.row.ENGINE ?? undefined],
        [vscode.l10n.t('Rows (estimate)'), this.row.TABLE_ROWS === null ? undefined : String(this.row.TABLE_ROWS)],
        [vscode.l10n.t('Comment'), this.row.TABLE_COMMENT || undefined],
      ]),
    );
  }

  protected async load(): Promise<TreeNode[]> {
    const { columns, indexes } = await withConnection(this.session, async (c) => {
      const [cols] = await c.query(
        'SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_KEY, COLUMN_DEFAULT, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
        [this.schema, this.table],
      );
      const [idx] = await c.query(
        "SELECT INDEX_NAME, MAX(NON_UNIQUE) AS NON_UNIQUE, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX SEPARATOR ', ') AS COLS FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? GROUP BY INDEX_NAME ORDER BY INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME",
        [this.schema, this.table],
      );
      return { columns: cols as ColumnRow[], indexes: idx as IndexRow[] };
    });
    const nodes: TreeNode[] = columns.map((col) => {
      const parts = [col.COLUMN_TYPE, col.IS_NULLABLE === 'NO' ? 'NOT NULL' : 'NULL', col.COLUMN_KEY, col.EXTRA].filter(
        Boolean,
      );
      return new LeafNode(this, `${this.id}/column/${col.COLUMN_NAME}`, col.COLUMN_NAME, {
        icon: col.COLUMN_KEY === 'PRI' ? 'key' : 'symbol-field',
        description: parts.join(' · '),
        contextValue: 'rds.db.column',
        copyValue: col.COLUMN_NAME,
        tooltip: new vscode.MarkdownString(
          mdFields(col.COLUMN_NAME, [
            [vscode.l10n.t('Type'), col.COLUMN_TYPE],
            [vscode.l10n.t('Null'), col.IS_NULLABLE],
            [vscode.l10n.t('Key'), col.COLUMN_KEY || undefined],
            [vscode.l10n.t('Default'), col.COLUMN_DEFAULT ?? undefined],
            [vscode.l10n.t('Extra'), col.EXTRA || undefined],
          ]),
        ),
      });
    });
    for (const ix of indexes) {
      const unique = Number(ix.NON_UNIQUE) === 0;
      nodes.push(
        new LeafNode(this, `${this.id}/index/${ix.INDEX_NAME}`, ix.INDEX_NAME, {
          icon: 'list-ordered',
          description: [
            `(${ix.COLS})`,
            ix.INDEX_NAME === 'PRIMARY'
              ? vscode.l10n.t('primary key')
              : unique
                ? vscode.l10n.t('unique index')
                : vscode.l10n.t('index'),
          ].join(' · '),
          contextValue: 'rds.db.index',
          copyValue: ix.INDEX_NAME,
        }),
      );
    }
    return nodes;
  }
}

/** `SHOW CREATE TABLE` / `SHOW CREATE VIEW` of a table node. */
export async function createStatement(node: DbTableNode): Promise<string> {
  const what = node.isView ? 'VIEW' : 'TABLE';
  const [rows] = await withConnection(node.session, (c) =>
    c.query(`SHOW CREATE ${what} ${quoteIdent(node.schema)}.${quoteIdent(node.table)}`),
  );
  const row = (rows as Array<Record<string, string>>)[0] ?? {};
  const text = row['Create Table'] ?? row['Create View'];
  if (!text)
    throw new Error(vscode.l10n.t('The server returned no CREATE statement for {0}.{1}.', node.schema, node.table));
  return `${text};\n`;
}
