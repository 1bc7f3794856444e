// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'));
  } else {
    factory(root.MysqlVarlenUint || (root.MysqlVarlenUint = {}), root.KaitaiStream);
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlVarlenUint_, KaitaiStream) {
/**
 * Unsigned integer in the variable-length format of MySQL's serialization library (used by
 * GTID_TAGGED_LOG_EVENT and by the GTID tags of a tagged GTID set), 1 to 9 bytes.
 * 
 * The number of trailing one bits of the first byte, plus one, is the total length N.
 * For N <= 8 the value is the first byte shifted right by N, plus the N-1 following bytes
 * read as a little-endian number and multiplied by 2^(8-N); the first byte 0xff (N = 9)
 * means the 8 following bytes hold the whole 64-bit value. Examples: 0x0a is 5 (1 byte),
 * 0x25 0x02 is 137 (2 bytes), 0x43 0x0f 0x0b is 90600 (3 bytes).
 * 
 * `value` is exact in Python; in JavaScript it is exact below 2^53.
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/variable_length_integers.h|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md|Source}
 */

var MysqlVarlenUint = (function() {
  function MysqlVarlenUint(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlVarlenUint.prototype._read = function() {
    this.first = this._io.readU1();
    this.rest = this._io.readBytes(this.numBytes - 1);
  }

  /**
   * Total encoded length in bytes (1 to 9).
   */
  Object.defineProperty(MysqlVarlenUint.prototype, 'numBytes', {
    get: function() {
      if (this._m_numBytes !== undefined)
        return this._m_numBytes;
      this._m_numBytes = ((this.first & 1) == 0 ? 1 : ((this.first & 2) == 0 ? 2 : ((this.first & 4) == 0 ? 3 : ((this.first & 8) == 0 ? 4 : ((this.first & 16) == 0 ? 5 : ((this.first & 32) == 0 ? 6 : ((this.first & 64) == 0 ? 7 : ((this.first & 128) == 0 ? 8 : 9))))))));
      return this._m_numBytes;
    }
  });

  /**
   * The further bytes as a little-endian number.
   */
  Object.defineProperty(MysqlVarlenUint.prototype, 'restValue', {
    get: function() {
      if (this._m_restValue !== undefined)
        return this._m_restValue;
      this._m_restValue = (((((((this.numBytes > 1 ? this.rest[0] : 0) + (this.numBytes > 2 ? this.rest[1] * 256 : 0)) + (this.numBytes > 3 ? this.rest[2] * 65536 : 0)) + (this.numBytes > 4 ? this.rest[3] * 16777216 : 0)) + (this.numBytes > 5 ? this.rest[4] * 4294967296 : 0)) + (this.numBytes > 6 ? this.rest[5] * 1099511627776 : 0)) + (this.numBytes > 7 ? this.rest[6] * 281474976710656 : 0)) + (this.numBytes > 8 ? this.rest[7] * 72057594037927936 : 0);
      return this._m_restValue;
    }
  });

  /**
   * The decoded unsigned integer.
   */
  Object.defineProperty(MysqlVarlenUint.prototype, 'value', {
    get: function() {
      if (this._m_value !== undefined)
        return this._m_value;
      this._m_value = (this.numBytes == 9 ? this.restValue : (this.first >>> this.numBytes) + this.restValue * (this.numBytes == 2 ? 64 : (this.numBytes == 3 ? 32 : (this.numBytes == 4 ? 16 : (this.numBytes == 5 ? 8 : (this.numBytes == 6 ? 4 : (this.numBytes == 7 ? 2 : 1)))))));
      return this._m_value;
    }
  });

  /**
   * Holds the length marker (trailing one bits, then a zero bit when N < 9) and the low bits of the value.
   */

  /**
   * The N-1 further bytes, little-endian.
   */

  return MysqlVarlenUint;
})();
MysqlVarlenUint_.MysqlVarlenUint = MysqlVarlenUint;
});
