// Values and modes that tell SQL text written right from SQL text written for one sql_mode
// (issue 62, item 3; src/database/sqlText.ts): a quote escaped with a backslash ends the string when
// the server runs with NO_BACKSLASH_ESCAPES, and the rest of the value becomes statement text.

/** Text that ends a string, a statement or a line when written the wrong way. */
export const HOSTILE_VALUES: readonly string[] = [
  "it's",
  'C:\\temp\\new',
  'ends in a backslash \\',
  "\\'",
  "\\' OR 1=1 -- ",
  "'); DROP TABLE x; --",
  'NUL \0 byte',
  'line\nfeed, CR LF\r\nand CR\r',
  'tab\there',
  'Ctrl-Z \x1a',
  '"double" and `back` quotes',
  '한국어 텍스트',
  'emoji 😀',
  '?',
  '',
];

/** The sql_modes a parameter group may set that change how SQL text reads, alone and together. */
export const SQL_MODES: readonly string[] = ['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES', 'NO_BACKSLASH_ESCAPES,ANSI_QUOTES'];
