'use strict';
// Two places where the npm Kaitai Struct runtime (kaitai-struct 0.11) reads damaged bytes
// differently from Python's, made to fail alike, so both builds reject the same bytes:
//
// - byte counts: it truncates a count to a 32-bit signed integer before checking it
//   (`length |= 0` in mapUint8Array), so a damaged length of 2^31 or more reads as a
//   negative count, passes the bounds check and ends in a RangeError from Uint8Array
//   instead of its own EOFError. Every count is checked against the bytes left first.
// - text: it decodes leniently (U+FFFD for invalid UTF-8, any byte as a character for
//   ASCII) where Python raises. Text is decoded strictly here, and bytes that are not
//   valid in the field's encoding throw a TextDecodingError.
//
// Loaded by the custom processes, which the generated MysqlBinlog requires, so every
// user of the JS build has it.
const KaitaiStream = require('kaitai-struct/KaitaiStream');

/** Bytes that are not valid text in the encoding a field declares. */
class TextDecodingError extends Error {
  constructor(encoding) {
    super(`bytes are not valid ${encoding} text`);
    this.name = 'TextDecodingError';
  }
}

if (!KaitaiStream.guarded) {
  KaitaiStream.guarded = true;
  const readBytes = KaitaiStream.prototype.readBytes;
  KaitaiStream.prototype.readBytes = function (len) {
    const left = this.size - this.pos;
    if (!(len >= 0 && len <= left)) throw new KaitaiStream.EOFError(len, left);
    return readBytes.call(this, len);
  };
  const bytesToStr = KaitaiStream.bytesToStr;
  KaitaiStream.bytesToStr = function (arr, encoding) {
    if (encoding == null || encoding.toLowerCase() === 'ascii') {
      if (arr.some((b) => b > 0x7f)) throw new TextDecodingError('ASCII');
      return bytesToStr(arr, encoding);
    }
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(arr);
    } catch (err) {
      throw new TextDecodingError(encoding);
    }
  };
}

module.exports = { TextDecodingError };
