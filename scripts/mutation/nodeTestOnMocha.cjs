// `node:test` for the mutation bundles (scripts/mutation/build.mjs aliases the import here): the
// unit tests of the mutation set are written for node:test and run by it in the unit step, and
// Stryker runs them in Mocha, in its worker's own process, instead of a node start per mutant
// (stryker.config.mjs says why). Each `test(name, fn)` becomes a Mocha `it`, called without
// arguments: Mocha would take a one-parameter function for a done-callback test.
'use strict';

/** @param {string} name @param {(() => unknown) | object} optionsOrFn @param {() => unknown} [maybeFn] */
function test(name, optionsOrFn, maybeFn) {
  const fn = typeof optionsOrFn === 'function' ? optionsOrFn : maybeFn;
  if (typeof fn !== 'function') throw new Error(`nodeTestOnMocha: "${name}" has no test function`);
  if (typeof optionsOrFn === 'object' && optionsOrFn && Object.keys(optionsOrFn).length)
    throw new Error(`nodeTestOnMocha: "${name}" passes node:test options, which Mocha would not honour`);
  globalThis.it(name, function () {
    return fn();
  });
}

module.exports = { test, it: test };
