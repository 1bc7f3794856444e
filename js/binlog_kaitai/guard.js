'use strict';
// The npm Kaitai Struct runtime (kaitai-struct 0.11) truncates a byte count to a 32-bit
// signed integer before checking it (`length |= 0` in mapUint8Array), so a damaged
// length field of 2^31 or more reads as a negative count, passes the bounds check and
// ends in a RangeError from Uint8Array instead of the runtime's own EOFError. Python's
// runtime refuses such a count. This checks every byte count against the bytes left
// first, so both builds fail alike on the same bytes. Loaded by the custom processes,
// which the generated MysqlBinlog requires, so every user of the JS build has it.
const KaitaiStream = require('kaitai-struct/KaitaiStream');

const readBytes = KaitaiStream.prototype.readBytes;
if (!readBytes.guarded) {
  const guarded = function (len) {
    const left = this.size - this.pos;
    if (!(len >= 0 && len <= left)) throw new KaitaiStream.EOFError(len, left);
    return readBytes.call(this, len);
  };
  guarded.guarded = true;
  KaitaiStream.prototype.readBytes = guarded;
}
