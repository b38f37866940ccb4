// The one SQL password redaction (issue 62, item 5): every way MySQL and MariaDB take a password
// is masked, in a log line (the Redactor runs it on every line), in the server's error text of a
// statement (with the statement's own values) and, by the same function, kept out of the query
// history. Each rule is pinned by an exact case (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MASKED, redactSql, sqlPasswords } from '../../../src/client/redactSql';
import { Redactor } from '../../../src/client/http/redact';
import { keepsInHistory } from '../../../src/database/connection/history';

/** Every password form, the statement and the password it carries. */
export const PASSWORD_FORMS: ReadonlyArray<[form: string, sql: string, password: string]> = [
  ['IDENTIFIED BY', "CREATE USER 'bob'@'%' IDENTIFIED BY 'Pw-identified-1'", 'Pw-identified-1'],
  ['IDENTIFIED BY PASSWORD (hash)', "GRANT ALL ON *.* TO bob IDENTIFIED BY PASSWORD '*A1B2C3D4E5'", '*A1B2C3D4E5'],
  ['IDENTIFIED WITH ... BY', "ALTER USER bob IDENTIFIED WITH caching_sha2_password BY 'Pw-with-by-2'", 'Pw-with-by-2'],
  ['IDENTIFIED WITH ... AS', "CREATE USER bob IDENTIFIED WITH 'mysql_native_password' AS '*F00DBABE99'", '*F00DBABE99'],
  ['IDENTIFIED VIA ... USING', "CREATE USER bob IDENTIFIED VIA mysql_native_password USING '*BEEF1234'", '*BEEF1234'],
  ['REPLACE (current password)', "ALTER USER bob IDENTIFIED BY 'new-pw-3x' REPLACE 'Old-pw-replace'", 'Old-pw-replace'],
  ['SET PASSWORD =', "SET PASSWORD = 'Pw-set-4'", 'Pw-set-4'],
  ['SET PASSWORD FOR ... =', "SET PASSWORD FOR 'bob'@'%' = 'Pw-set-for-5'", 'Pw-set-for-5'],
  ['PASSWORD(...)', "SET PASSWORD FOR bob = PASSWORD('Pw-function-6')", 'Pw-function-6'],
  ['OLD_PASSWORD(...)', "SELECT OLD_PASSWORD('Pw-old-fn-7')", 'Pw-old-fn-7'],
  ['PASSWORD=', "START REPLICA USER='repl' PASSWORD='Pw-start-8'", 'Pw-start-8'],
  ['MASTER_PASSWORD=', "CHANGE MASTER TO MASTER_HOST='10.0.0.5', MASTER_PASSWORD='Pw-master-9'", 'Pw-master-9'],
  ['SOURCE_PASSWORD=', 'CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD = "Pw-source-10"', 'Pw-source-10'],
  ['authentication_string=', "UPDATE mysql.user SET authentication_string='*CAFE0011' WHERE user='x'", '*CAFE0011'],
  [
    'CREATE SERVER ... OPTIONS (PASSWORD ...)',
    "CREATE SERVER fed FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD 'Pw-server-11', HOST 'h')",
    'Pw-server-11',
  ],
  [
    'a CONNECTION URL',
    "CREATE TABLE t (id INT) ENGINE=FEDERATED CONNECTION='mysql://fed:Pw-url-12@db.example:3306/shop/t'",
    'Pw-url-12',
  ],
  [
    'CALL mysql.tcrds_repl_changemaster(...)',
    "CALL mysql.tcrds_repl_changemaster('10.0.0.5', 3306, 'repl', 'Pw-tcrds-13', 'mysql-bin.000001', 4)",
    'Pw-tcrds-13',
  ],
];

test('every password form is masked where it stands, the rest of the statement kept', () => {
  assert.equal(MASKED, "'***'");
  const masked = PASSWORD_FORMS.map(([, sql]) => redactSql(sql));
  assert.deepEqual(masked, [
    "CREATE USER 'bob'@'%' IDENTIFIED BY '***'",
    "GRANT ALL ON *.* TO bob IDENTIFIED BY PASSWORD '***'",
    "ALTER USER bob IDENTIFIED WITH caching_sha2_password BY '***'",
    "CREATE USER bob IDENTIFIED WITH 'mysql_native_password' AS '***'",
    "CREATE USER bob IDENTIFIED VIA mysql_native_password USING '***'",
    "ALTER USER bob IDENTIFIED BY '***' REPLACE '***'",
    "SET PASSWORD = '***'",
    "SET PASSWORD FOR 'bob'@'%' = '***'",
    "SET PASSWORD FOR bob = PASSWORD('***')",
    "SELECT OLD_PASSWORD('***')",
    "START REPLICA USER='repl' PASSWORD='***'",
    "CHANGE MASTER TO MASTER_HOST='10.0.0.5', MASTER_PASSWORD='***'",
    "CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD = '***'",
    "UPDATE mysql.user SET authentication_string='***' WHERE user='x'",
    "CREATE SERVER fed FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD '***', HOST 'h')",
    "CREATE TABLE t (id INT) ENGINE=FEDERATED CONNECTION='mysql://fed:***@db.example:3306/shop/t'",
    "CALL mysql.tcrds_repl_changemaster('***', 3306, '***', '***', '***', 4)",
  ]);
});

test('each form is masked in a log line, kept out of the history, and its value is found', () => {
  const r = new Redactor();
  for (const [form, sql, password] of PASSWORD_FORMS) {
    const line = `Query console: statement 1 of 1 failed: ${sql}`;
    assert.ok(!r.text(line).includes(password), `${form}: ${r.text(line)}`);
    assert.equal(keepsInHistory(sql), false, form);
    assert.ok(sqlPasswords(sql).includes(password), form);
  }
  assert.equal(keepsInHistory('SELECT 1'), true);
});

test('keywords in any case, spaces and line breaks of any length, no space at all', () => {
  assert.equal(redactSql("create user u identified\n\tby  'a1'"), "create user u identified\n\tby  '***'");
  assert.equal(
    redactSql("alter user u Identified With   'p'   As\t'h1'"),
    "alter user u Identified With   'p'   As\t'***'",
  );
  assert.equal(redactSql("identified with `odd plugin` by 'x1'"), "identified with `odd plugin` by '***'");
  assert.equal(redactSql("identified by password\n '*h1'"), "identified by password\n '***'");
  assert.equal(redactSql("master_password   =\n  'm1'"), "master_password   =\n  '***'");
  assert.equal(redactSql("password='p1'"), "password='***'");
  assert.equal(redactSql("set password for u='p2'"), "set password for u='***'");
  assert.equal(redactSql("set password   for u  =  'p3'"), "set password   for u  =  '***'");
  assert.equal(redactSql("password('p4')"), "password('***')");
  assert.equal(redactSql("password  (  'p5')"), "password  (  '***')");
  assert.equal(redactSql("OPTIONS (PASSWORD\n'p6')"), "OPTIONS (PASSWORD\n'***')");
  assert.equal(redactSql("identified by 'n1' replace\n 'o1'"), "identified by '***' replace\n '***'");
  assert.equal(redactSql("CALL mysql.tcrds_x ('p7')"), `CALL mysql.tcrds_x (${MASKED})`);
});

test('every literal form: quotes doubled or escaped, double quotes, introducers, hex and binary, one cut off by the end', () => {
  const cases: Array<[string, string]> = [
    ["IDENTIFIED BY 'it''s'", "it''s"],
    ["IDENTIFIED BY 'a\\'b'", "a\\'b"],
    ['IDENTIFIED BY "d""q"', 'd""q'],
    ['IDENTIFIED BY "e\\"q"', 'e\\"q'],
    ["IDENTIFIED BY N'nat'", 'nat'],
    ["IDENTIFIED BY _utf8mb4 'intro'", 'intro'],
    ["IDENTIFIED BY _latin1'intro2'", 'intro2'],
    ["IDENTIFIED BY X'6869'", '6869'],
    ["IDENTIFIED BY b'0101'", '0101'],
    ['IDENTIFIED BY 0x6869aF', '0x6869aF'],
  ];
  for (const [sql, value] of cases) {
    assert.equal(redactSql(`${sql} ;next`), `IDENTIFIED BY ${MASKED} ;next`, sql);
    assert.deepEqual(sqlPasswords(sql), [value], sql);
  }
  // Cut off by the end of the text (a server's error text quotes at most 80 characters): to the end.
  assert.equal(redactSql("near 'IDENTIFIED BY 'cut off ;x"), `near 'IDENTIFIED BY ${MASKED}`);
  assert.equal(redactSql('IDENTIFIED BY "cut off2'), `IDENTIFIED BY ${MASKED}`);
  assert.deepEqual(sqlPasswords("IDENTIFIED BY 'cut off"), ['cut off']);
  // A multi-line literal, and text after the literal kept as it was.
  assert.equal(redactSql("IDENTIFIED BY 'line1\nline2' REQUIRE SSL"), "IDENTIFIED BY '***' REQUIRE SSL");
});

test('where MySQL wants a literal and the text has a word, the word is the password; keywords there are not', () => {
  assert.equal(redactSql('CREATE USER a IDENTIFIED BY hunter22 WITH x'), "CREATE USER a IDENTIFIED BY '***' WITH x");
  assert.equal(redactSql('MASTER_PASSWORD=bare-pw,MASTER_PORT=1'), "MASTER_PASSWORD='***',MASTER_PORT=1");
  assert.equal(redactSql('password=(x)'), 'password=(x)');
  assert.equal(redactSql('password=`x`'), 'password=`x`');
  assert.equal(redactSql('password= ;'), 'password= ;');
  assert.equal(redactSql('password=\t'), 'password=\t');
  assert.equal(redactSql('CREATE USER u IDENTIFIED BY RANDOM PASSWORD'), 'CREATE USER u IDENTIFIED BY RANDOM PASSWORD');
  assert.equal(redactSql("CREATE USER u IDENTIFIED BY PASSWORD('x1')"), "CREATE USER u IDENTIFIED BY PASSWORD('***')");
  assert.equal(redactSql('IDENTIFIED BY old_password'), 'IDENTIFIED BY old_password');
  assert.equal(
    redactSql('ALTER USER u PASSWORD EXPIRE INTERVAL 90 DAY'),
    'ALTER USER u PASSWORD EXPIRE INTERVAL 90 DAY',
  );
  assert.equal(redactSql('ALTER USER u IDENTIFIED WITH auth_socket'), 'ALTER USER u IDENTIFIED WITH auth_socket');
  assert.equal(redactSql("SELECT REPLACE('a', 'b', 'c'), passwordless"), "SELECT REPLACE('a', 'b', 'c'), passwordless");
  assert.equal(redactSql("REPLACE INTO t VALUES ('v')"), "REPLACE INTO t VALUES ('v')");
  // Only whole words: "unidentified by" and "xreplace" are no keywords.
  assert.equal(redactSql("unidentified by 'v' password"), "unidentified by 'v' password");
  assert.equal(redactSql("xreplace 'v' password"), "xreplace 'v' password");
  assert.equal(redactSql("mytcrds_x('v') password"), "mytcrds_x('v') password");
});

test('a URL: only its password, of any scheme, before the @; none without a user and password', () => {
  assert.equal(redactSql('see mysql://u:p1@h/db'), 'see mysql://u:***@h/db');
  assert.equal(redactSql('see https://:p2@h/x'), 'see https://:***@h/x');
  assert.equal(redactSql('see a+b.c-d://u:p3@h'), 'see a+b.c-d://u:***@h');
  assert.equal(redactSql('see mysql://u@h/db:x'), 'see mysql://u@h/db:x');
  assert.equal(redactSql('see mysql://h:3306/db'), 'see mysql://h:3306/db');
  assert.equal(redactSql('see mysql://u:p4/x@h'), 'see mysql://u:p4/x@h');
  assert.equal(redactSql("see 'mysql://u:p5'@h"), "see 'mysql://u:p5'@h");
  assert.equal(redactSql('see mysql://u:p 6@h'), 'see mysql://u:p 6@h');
  assert.equal(redactSql('see 9x://u:p7@h'), 'see 9x://u:p7@h');
  assert.equal(redactSql('MYSQL://U:P8@H'), 'MYSQL://U:***@H');
});

test('tcrds_* calls: every string argument, nested calls counted, the text after the call kept', () => {
  assert.equal(
    redactSql("CALL mysql.tcrds_repl_changemaster('h', 1, CONCAT('a', 'b'), 'p'); SELECT 'kept'"),
    "CALL mysql.tcrds_repl_changemaster('***', 1, CONCAT('***', '***'), '***'); SELECT 'kept'",
  );
  // Two calls; a call cut off by the end of the text masks to the end.
  assert.equal(
    redactSql("CALL mysql.tcrds_a('x'); SELECT 'k'; CALL mysql.tcrds_b(\"y\", ('z')"),
    `CALL mysql.tcrds_a('***'); SELECT 'k'; CALL mysql.tcrds_b('***', ('***')`,
  );
  // Calls one right after the other; one inside another's arguments (masked once), also when
  // the outer call is cut off by the end of the text.
  assert.equal(redactSql("tcrds_a('x')tcrds_b('y')"), "tcrds_a('***')tcrds_b('***')");
  assert.equal(redactSql("tcrds_a('x', tcrds_b('y'"), "tcrds_a('***', tcrds_b('***'");
  // Outside a call, a literal's parenthesis or name counts for nothing.
  assert.equal(
    redactSql("SELECT 'tcrds_a(', ')' FROM t; CALL tcrds_b('z') -- )"),
    "SELECT 'tcrds_a(', ')' FROM t; CALL tcrds_b('***') -- )",
  );
  // A call among another's arguments is masked once.
  assert.equal(redactSql("tcrds_a(tcrds_b('q'), 'r')"), "tcrds_a(tcrds_b('***'), '***')");
  assert.equal(redactSql('CALL mysql.tcrds_active_process()'), 'CALL mysql.tcrds_active_process()');
  assert.equal(redactSql('CALL mysql.tcrds_x(0x70)'), `CALL mysql.tcrds_x(${MASKED})`);
  assert.deepEqual(sqlPasswords("CALL mysql.tcrds_a('x1', \"y1\"); tcrds_b(N'z1')"), ['x1', 'y1', 'z1']);
});

test("the server's error text: the statement's password values are masked wherever they appear (4 characters or more)", () => {
  const statement = 'CREATE USER a IDENTIFIED BY hunter22 WITH x';
  const error = "You have an error in your SQL syntax; check the manual near 'hunter22 WITH x' at line 1";
  assert.equal(
    redactSql(error, statement),
    "You have an error in your SQL syntax; check the manual near '*** WITH x' at line 1",
  );
  // Every occurrence; several values; without the statement only the rules apply.
  assert.equal(
    redactSql('pw-one and pw-one and pw-two', "IDENTIFIED BY 'pw-one' REPLACE 'pw-two'"),
    '*** and *** and ***',
  );
  assert.equal(redactSql("near 'hunter22 WITH x'"), "near 'hunter22 WITH x'");
  // A value shorter than 4 characters is masked where it stands, not everywhere.
  assert.equal(redactSql("abc near 'abc'", "IDENTIFIED BY 'abc'"), "abc near 'abc'");
  assert.equal(redactSql("abcd near 'abcd'", "IDENTIFIED BY 'abcd'"), "*** near '***'");
  assert.equal(redactSql('x', 'SELECT 1'), 'x');
});

test('a text with nothing a password could stand in passes unchanged', () => {
  for (const text of ['SELECT 1', "SELECT 'p' FROM t WHERE a = 'b'", '', 'GET /v3.0/db-instances 200']) {
    assert.equal(redactSql(text), text);
    assert.deepEqual(sqlPasswords(text), []);
  }
});
