// Loads the mysql2 driver on first use: dist/mysqlDriver.js next to dist/main.js in the bundle
// (external to main.js, see esbuild.mjs), the TypeScript source under tsx (tests).
import * as path from 'node:path';

export type DriverModule = typeof import('./mysqlDriver');

let driver: DriverModule | undefined;

export function loadDriver(): DriverModule {
  if (driver) return driver;
  if (__filename.endsWith('.ts')) {
    // A computed path keeps esbuild from bundling the driver into main.js.
    driver = require(path.join(__dirname, 'mysqlDriver.ts')) as DriverModule;
  } else {
    driver = require('./mysqlDriver.js') as DriverModule;
  }
  return driver;
}
