// Lets a child `node` run the API's TypeScript sources directly (as jest does, with the same swc options), so a
// test can spawn src/main.ts and watch the real process start or refuse to, without a build into dist/.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const contracts = join(__dirname, '../../../../libs/contracts/src/index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === '@kasuwa/contracts' ? contracts : request, ...rest);
};
const options = require('./swc-options.cjs');
require.extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
