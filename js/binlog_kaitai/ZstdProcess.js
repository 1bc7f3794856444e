// `process: binlog_kaitai.zstd_process(declared_size)` for the JavaScript build: zstd
// frames (MySQL TRANSACTION_PAYLOAD_EVENT) inflating to exactly declared_size bytes, with
// the pure-JavaScript decoder fzstd. Mirrors ZstdProcess in binlog_kaitai/processes.py:
// output is counted block by block and refused once it passes the declared size, and a
// frame asking for a window beyond libzstd's default limit (2^27 bytes, which the Python
// side inherits) is refused before fzstd allocates it.
'use strict';
const fzstd = require('fzstd');
const { DecompressionError, checkDeclared, sizeMismatch } = require('./decompression');

const MAX_WINDOW = 2 ** 27;
const ZSTD_MAGIC = 0xfd2fb528;

const u32le = (d, at) => (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;

/** Walk the frames (headers and block headers only) and refuse oversized windows. What
 * this walk cannot follow is left to fzstd, which reports it as corrupt. */
function checkWindows(data) {
  let p = 0;
  while (p + 5 <= data.length) {
    const magic = u32le(data, p);
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) { // skippable frame
      p += 8 + u32le(data, p + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) return;
    const fhd = data[p + 4];
    const singleSegment = (fhd >> 5) & 1;
    const fcsField = fhd >> 6;
    let q = p + 5;
    let window = 0;
    if (!singleSegment) {
      const wd = data[q++];
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    q += [0, 1, 2, 4][fhd & 3]; // dictionary id
    const fcsBytes = fcsField === 0 ? singleSegment : [0, 2, 4, 8][fcsField];
    if (singleSegment) {
      window = 0;
      for (let i = fcsBytes - 1; i >= 0; i--) window = window * 256 + (data[q + i] ?? 0);
      if (fcsBytes === 2) window += 256;
    }
    if (window > MAX_WINDOW) {
      throw new DecompressionError(
        `zstd payload: frame window of ${window} bytes exceeds the ${MAX_WINDOW}-byte limit`);
    }
    q += fcsBytes;
    for (;;) { // blocks: 3-byte header (last flag, type, size), then the content
      if (q + 3 > data.length) return;
      const bh = data[q] | (data[q + 1] << 8) | (data[q + 2] << 16);
      q += 3 + (((bh >> 1) & 3) === 1 ? 1 : bh >>> 3); // an RLE block holds one byte
      if (bh & 1) break;
    }
    p = q + ((fhd >> 2) & 1) * 4; // content checksum
  }
}

class ZstdProcess {
  constructor(declaredSize) {
    this.declaredSize = checkDeclared('zstd payload', declaredSize);
  }

  decode(data) {
    const limit = this.declaredSize;
    checkWindows(data);
    const chunks = [];
    let size = 0;
    const stream = new fzstd.Decompress((chunk) => {
      size += chunk.length;
      if (size > limit) throw sizeMismatch('zstd payload', limit, `more than ${limit}`);
      chunks.push(chunk);
    });
    try {
      stream.push(data, true);
    } catch (err) {
      if (err instanceof DecompressionError) throw err;
      throw new DecompressionError(`zstd payload: corrupt stream (${err.message})`);
    }
    if (size !== limit) throw sizeMismatch('zstd payload', limit, String(size));
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

module.exports = { ZstdProcess };
