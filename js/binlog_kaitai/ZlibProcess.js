// `process: binlog_kaitai.zlib_process(declared_size)` for the JavaScript build: a zlib
// stream (MariaDB log_bin_compress) inflating to exactly declared_size bytes. Mirrors
// ZlibProcess in binlog_kaitai/processes.py; Node's zlib stops at declared_size + 1 bytes.
'use strict';
const zlib = require('zlib');
const { DecompressionError, checkDeclared, sizeMismatch } = require('./decompression');

class ZlibProcess {
  constructor(declaredSize) {
    this.declaredSize = checkDeclared('zlib field', declaredSize);
  }

  decode(data) {
    const limit = this.declaredSize;
    let out;
    try {
      out = zlib.inflateSync(data, { maxOutputLength: limit + 1 });
    } catch (err) {
      if (err.code === 'ERR_BUFFER_TOO_LARGE') {
        throw sizeMismatch('zlib field', limit, `more than ${limit}`);
      }
      throw new DecompressionError(`zlib field: corrupt stream (${err.message})`);
    }
    if (out.length !== limit) throw sizeMismatch('zlib field', limit, String(out.length));
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  }
}

module.exports = { ZlibProcess };
