// The sandbox bundle entry (dist/sandbox.js). Filled by the sandbox work.
export {};
