// Import CSV (extension side; issue 29, item 4): one panel per connection, table and file. It
// reads the file's first records for the preview (with the encoding, delimiter and header the
// person chose, first guessed), and runs the import (src/database/csvImport/importer.ts) on a
// connection of its own with progress events, Cancel, and the result: rows imported, or the
// first failing row by its line with the reason. A production connection confirms first.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { withConnection } from '../database/connection/schemaTree';
import type { DbSession } from '../database/connection/session';
import { guessCsv, readCsv, type CsvOptions, type CsvRecord } from '../database/csvImport/csvReader';
import { importCsv } from '../database/csvImport/importer';
import { tableInfo, type TableInfo } from '../database/tableData/tableData';
import { plural } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';
import type { Services } from '../shared/services';
import { BasePanel, type Handlers } from './basePanel';
import { VIEW_TYPES } from './protocol';

/** Records the preview shows. */
const PREVIEW_ROWS = 20;

export class CsvImportPanel extends BasePanel<'csvImport'> {
  static readonly kind = 'csvImport';
  private info?: TableInfo;
  private running?: AbortController;
  /** Rows this panel has already put into the table from the file: a second import asks first. */
  private imported = 0;

  static open(services: Services, session: DbSession, schema: string, table: string, file: string): CsvImportPanel {
    const panel = vscode.window.createWebviewPanel(VIEW_TYPES.csvImport, table, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: true,
    });
    return new CsvImportPanel(services, panel, session, schema, table, file);
  }

  /** After a window reload the connection is gone: the panel closes (Import CSV... opens it again). */
  static revive(panel: vscode.WebviewPanel): void {
    panel.dispose();
  }

  private constructor(
    services: Services,
    panel: vscode.WebviewPanel,
    private readonly session: DbSession,
    private readonly schema: string,
    private readonly table: string,
    private readonly file: string,
  ) {
    super(services, panel, { region: session.target.region, label: `${schema}.${table}` });
    this.disposables.push({ dispose: () => this.running?.abort() });
  }

  private withConnection<T>(fn: (c: import('mysql2/promise').Connection) => Promise<T>): Promise<T> {
    return withConnection(this.session, fn);
  }

  private async preview(options: CsvOptions): Promise<{ names: string[]; rows: CsvRecord[] }> {
    const rows: CsvRecord[] = [];
    let names: string[] = [];
    const ac = new AbortController();
    try {
      // The header is read as a record of its own here, for its names.
      reading: for await (const chunk of readCsv(this.file, { ...options, header: false }, { signal: ac.signal }))
        for (const r of chunk) {
          if (options.header && !names.length) names = r.fields.map((f, i) => f?.trim() || `column${i + 1}`);
          else rows.push(r);
          if (rows.length >= PREVIEW_ROWS) break reading;
        }
    } finally {
      ac.abort();
    }
    const width = Math.max(names.length, ...rows.map((r) => r.fields.length));
    if (names.length < width)
      names = [...names, ...Array.from({ length: width - names.length }, (_, i) => `column${names.length + i + 1}`)];
    return { names, rows };
  }

  protected readonly handlers: Handlers<'csvImport'> = {
    preview: ({ options }) => this.preview(options),
    import: async ({ options, mapping, mode }) => {
      if (this.running) throw new Error(vscode.l10n.t('An import of this file is running.'));
      // Taken before the first await: a second click while this one asks or reads is refused.
      const ac = (this.running = new AbortController());
      try {
        return await this.importOnce(ac, options, mapping, mode);
      } finally {
        this.running = undefined;
      }
    },
    cancel: async () => {
      this.running?.abort();
    },
  };

  private async importOnce(
    ac: AbortController,
    options: CsvOptions,
    mapping: Array<number | null>,
    mode: 'batch' | 'all',
  ) {
    const info = this.info ?? (await this.withConnection((c) => tableInfo(c, this.schema, this.table)));
    const chosen = info.columns.map((c, i) => ({ c, field: mapping[i] })).filter((x) => x.field != null);
    if (!chosen.length) throw new Error(vscode.l10n.t('Map at least one column of the file to a column of the table.'));
    if (this.session.production) {
      const answer = await askAction(
        'warning',
        vscode.l10n.t(
          'Import {0} into {1}.{2} on the production database {3}?',
          basename(this.file),
          this.schema,
          this.table,
          this.session.target.instanceName,
        ),
        { modal: true },
        action('import', vscode.l10n.t('Import')),
      );
      if (answer !== 'import') return { declined: true };
    }
    if (this.imported) {
      // The same rows again would be duplicates (or key errors): only on purpose.
      const answer = await askAction(
        'warning',
        plural(
          this.imported,
          vscode.l10n.t(
            '{0} row of {1} is already in {2}.{3}. Import the file again?',
            this.imported,
            basename(this.file),
            this.schema,
            this.table,
          ),
          vscode.l10n.t(
            '{0} rows of {1} are already in {2}.{3}. Import the file again?',
            this.imported,
            basename(this.file),
            this.schema,
            this.table,
          ),
        ),
        { modal: true },
        action('import', vscode.l10n.t('Import Again')),
      );
      if (answer !== 'import') return { declined: true };
    }
    const total = (await stat(this.file)).size;
    let bytes = 0;
    let lastEvent = 0;
    const progress = (imported: number) => {
      const now = Date.now();
      if (now - lastEvent < 200) return;
      lastEvent = now;
      this.emit('progress', { imported, bytes, total });
    };
    const result = await this.withConnection((c) =>
      importCsv(
        c,
        {
          schema: this.schema,
          table: this.table,
          columns: chosen.map((x) => x.c),
          fields: chosen.map((x) => x.field!),
          mode,
        },
        readCsv(this.file, options, { signal: ac.signal, onBytes: (b) => (bytes = b) }),
        { signal: ac.signal, onProgress: progress },
      ),
    );
    this.services.log.info(
      `Imported ${result.imported} of ${result.read} rows of ${basename(this.file)} into ${this.schema}.${this.table} in ${result.elapsedMs} ms (${result.batches} batches by ${result.method === 'load' ? 'LOAD DATA LOCAL' : 'INSERT'}, ${mode})` +
        (result.failure ? `; stopped at line ${result.failure.line}` : '') +
        (result.cancelled ? '; cancelled' : ''),
    );
    if (result.imported) this.session.objectsChanged();
    this.imported += result.imported;
    return result;
  }

  protected override async initData(): Promise<unknown> {
    this.info = await this.withConnection((c) => tableInfo(c, this.schema, this.table));
    const guess = await guessCsv(this.file, vscode.env.language.startsWith('ja') ? 'shift_jis' : 'euc-kr');
    const options: CsvOptions = { delimiter: guess.delimiter, encoding: guess.encoding, header: guess.header };
    return {
      file: basename(this.file),
      size: (await stat(this.file)).size,
      columns: this.info.columns,
      options,
      production: this.session.production,
      ...(await this.preview(options)),
    };
  }
}
