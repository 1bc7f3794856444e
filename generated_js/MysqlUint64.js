// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'));
  } else {
    factory(root.MysqlUint64 || (root.MysqlUint64 = {}), root.KaitaiStream);
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlUint64_, KaitaiStream) {
/**
 * An 8-byte little-endian unsigned integer (XIDs, GTID sequence numbers, logical clocks,
 * sql_mode bits...), read as two 32-bit halves so that the parse tree is exact in every
 * target language. A plain `u8` is not: the JavaScript runtime returns a Number (a double),
 * which changes every value above 2^53 (an XID 8359806808306483200 reads as
 * 8359806808306483000), and a damaged or hostile file can hold any 64-bit value.
 * 
 * `low` and `high` are exact in every language; `value` joins them. It is exact in Python;
 * in JavaScript it is exact below 2^53 only, so code that needs all 64 bits there reads
 * the two halves (as the canonical dump of binlog_kaitai/dump.py and tools/dump.js does:
 * it prints seq fields, not value instances).
 */

var MysqlUint64 = (function() {
  function MysqlUint64(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlUint64.prototype._read = function() {
    this.low = this._io.readU4le();
    this.high = this._io.readU4le();
  }

  /**
   * The whole 64-bit value. Multiplied, not shifted by 32: JavaScript shifts are 32-bit,
   * so `high << 32` would drop the high half in the JS build.
   */
  Object.defineProperty(MysqlUint64.prototype, 'value', {
    get: function() {
      if (this._m_value !== undefined)
        return this._m_value;
      this._m_value = this.low + this.high * 4294967296;
      return this._m_value;
    }
  });

  /**
   * Bits 0 to 31.
   */

  /**
   * Bits 32 to 63.
   */

  return MysqlUint64;
})();
MysqlUint64_.MysqlUint64 = MysqlUint64;
});
