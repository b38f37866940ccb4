// Types of eslint.config.mjs for the TypeScript that reads it (test/unit/shared/messageLint.test.ts).
export declare const NOT_SHOWN_TO_PEOPLE: string[];
declare const config: unknown[];
export default config;
