// The entry of dist/csvParser.js: Papa Parse (RFC 4180) in its own bundle, required on the first
// Import CSV (../connection/driver.ts), so neither activation nor a query pays for it. Its core
// `Parser` is used chunk by chunk (csvReader.ts streams the file through it); `parse` reads one
// line of text (the header guess).
import * as Papa from 'papaparse';

export const Parser = Papa.Parser;
export const parse = Papa.parse;
