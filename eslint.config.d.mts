// Types of eslint.config.mjs for the TypeScript that reads it (test/unit/shared/messageLint.test.ts,
// test/unit/database/independence.test.ts).
export declare const NOT_SHOWN_TO_PEOPLE: string[];
/** The flat-config block that keeps src/database free of RDS imports. */
export declare const DATABASE_STANDS_ALONE: import('eslint').Linter.Config;
declare const config: unknown[];
export default config;
