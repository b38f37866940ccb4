// Log files of every type, with content an export writes to object storage.
import type { LogFile } from '../types';
import { ymdt } from '../util';

const line = (at: number, text: string) => `${new Date(at).toISOString()} ${text}`;

export function logFilesFor(name: string, version: string, at: number): LogFile[] {
  const day = 86_400_000;
  const mk = (
    logFileName: string,
    logFileType: LogFile['logFileType'],
    when: number,
    content: string,
    size?: number,
  ): LogFile => ({
    logFileName,
    logFileType,
    logFileSize: size ?? Buffer.byteLength(content),
    createdYmdt: ymdt(when),
    content,
  });
  const err =
    [
      line(
        at - 3 * day,
        `0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld ${version}) starting as process 1423`,
      ),
      line(at - 3 * day + 900, '1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
      line(at - 3 * day + 2100, '1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
      line(
        at - 3 * day + 3000,
        "0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '" +
          version +
          "'  socket: '/tmp/mysql.sock'  port: 3306",
      ),
      line(
        at - day,
        `412 [Warning] [MY-010055] [Server] IP address '10.0.1.57' could not be resolved: Name or service not known`,
      ),
      line(
        at - 3600_000,
        `981 [Note] [MY-010914] [Server] Aborted connection 981 to db: 'app' user: 'app' host: '10.0.1.23' (Got timeout reading communication packets).`,
      ),
    ].join('\n') + '\n';
  const general =
    [
      line(at - 600_000, '  1204 Connect   app@10.0.1.23 on app using TCP/IP'),
      line(
        at - 599_000,
        '  1204 Query     SELECT id, status FROM orders WHERE customer_id = 4411 ORDER BY id DESC LIMIT 20',
      ),
      line(at - 598_000, "  1204 Query     UPDATE orders SET status = 'SHIPPED' WHERE id = 918221"),
      line(at - 597_000, '  1204 Quit'),
    ].join('\n') + '\n';
  const slow =
    [
      `# Time: ${new Date(at - 7200_000).toISOString()}`,
      '# User@Host: app[app] @  [10.0.1.23]  Id:  1187',
      '# Query_time: 12.418302  Lock_time: 0.000121 Rows_sent: 1  Rows_examined: 4821990',
      `SET timestamp=${Math.floor((at - 7200_000) / 1000)};`,
      'SELECT COUNT(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.created_at > NOW() - INTERVAL 90 DAY;',
    ].join('\n') + '\n';
  const audit =
    [
      `${Math.floor((at - 900_000) / 1000)},${name},admin,10.0.1.5,1201,0,CONNECT,,,0`,
      `${Math.floor((at - 899_000) / 1000)},${name},admin,10.0.1.5,1201,5567,QUERY,app,'ALTER TABLE orders ADD INDEX idx_status (status)',0`,
      `${Math.floor((at - 898_000) / 1000)},${name},admin,10.0.1.5,1201,0,DISCONNECT,,,0`,
    ].join('\n') + '\n';
  const xtra =
    [
      line(at - day, 'xtrabackup version 8.0.35-30 based on MySQL server 8.0.35 Linux (x86_64)'),
      line(at - day + 1000, '[Note] [MY-011825] [Xtrabackup] Executing FLUSH NO_WRITE_TO_BINLOG BINARY LOGS'),
      line(at - day + 52000, '[Note] [MY-011825] [Xtrabackup] completed OK!'),
    ].join('\n') + '\n';
  const binlog = (n: number) =>
    `# binary log mysql-bin.${String(n).padStart(6, '0')} of ${name} (row events, not shown in the sandbox)\n`;
  return [
    mk('error.log', 'ERROR', at - 3 * day, err),
    mk('general.log', 'GENERAL', at - 600_000, general),
    mk('slow_query.log', 'SLOW_QUERY', at - 7200_000, slow),
    mk('server_audit.log', 'AUDIT', at - 900_000, audit),
    mk('xtra_full.log', 'BACKUP', at - day, xtra),
    mk('mysql-bin.000101', 'BINLOG', at - 2 * day, binlog(101), 1_073_741_824),
    mk('mysql-bin.000102', 'BINLOG', at - day, binlog(102), 1_073_741_824),
    mk('mysql-bin.000103', 'BINLOG', at - 3600_000, binlog(103), 412_118_220),
  ];
}
