// How the API's TypeScript is compiled when it runs from source: by jest, and by the child processes of
// ts-register.cjs (both must read decorators and their metadata exactly as the build does).
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};
