// The entry of dist/csvParser.js: csv-parse (RFC 4180, streaming) in its own bundle, required on
// the first Import CSV (../connection/driver.ts), so neither activation nor a query pays for it.
export { parse } from 'csv-parse';
