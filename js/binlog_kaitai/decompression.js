// Checks shared by the decompressing processes, the same as binlog_kaitai/processes.py:
// the declared uncompressed size must be at most MAX_SIZE, and the output must be exactly
// that size (produced with a bound, so a stream that inflates further is stopped).
'use strict';
require('./guard'); // byte counts checked before reading, see guard.js

/** Largest uncompressed size accepted (1 GiB, as in Python). */
const MAX_SIZE = 2 ** 30;

/** A compressed field that cannot be inflated to the size its header declares. */
class DecompressionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DecompressionError';
  }
}

function checkDeclared(what, declaredSize) {
  if (!Number.isSafeInteger(declaredSize) || declaredSize < 0 || declaredSize > MAX_SIZE) {
    throw new DecompressionError(`${what}: declared uncompressed size ${declaredSize} bytes ` +
      `exceeds the ${MAX_SIZE}-byte limit; refusing to decompress`);
  }
  return declaredSize;
}

function sizeMismatch(what, declared, produced) {
  return new DecompressionError(
    `${what}: the stream inflates to ${produced} bytes, but the header declares ${declared}`);
}

module.exports = { DecompressionError, checkDeclared, sizeMismatch };
