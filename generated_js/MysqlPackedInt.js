// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlUint64'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlUint64'));
  } else {
    factory(root.MysqlPackedInt || (root.MysqlPackedInt = {}), root.KaitaiStream, root.MysqlUint64 || (root.MysqlUint64 = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlPackedInt_, KaitaiStream, MysqlUint64_) {
/**
 * MySQL's variable-length unsigned integer ("length-encoded integer", net_field_length).
 * The first byte is the value itself when below 251; 251 marks SQL NULL; 252, 253 and 254
 * are followed by a 2-, 3- and 8-byte little-endian value.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html|Source}
 */

var MysqlPackedInt = (function() {
  function MysqlPackedInt(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlPackedInt.prototype._read = function() {
    this.first = this._io.readU1();
    if (this.first == 252) {
      this.valueU2 = this._io.readU2le();
    }
    if (this.first == 253) {
      this.valueU3 = this._io.readBitsIntLe(24);
    }
    this._io.alignToByte();
    if (this.first == 254) {
      this.valueU8 = new MysqlUint64_.MysqlUint64(this._io, null, null);
    }
  }
  Object.defineProperty(MysqlPackedInt.prototype, 'isNull', {
    get: function() {
      if (this._m_isNull !== undefined)
        return this._m_isNull;
      this._m_isNull = this.first == 251;
      return this._m_isNull;
    }
  });

  /**
   * The decoded integer (0 for the NULL marker 251 and the invalid 255).
   */
  Object.defineProperty(MysqlPackedInt.prototype, 'value', {
    get: function() {
      if (this._m_value !== undefined)
        return this._m_value;
      this._m_value = (this.first < 251 ? this.first : (this.first == 252 ? this.valueU2 : (this.first == 253 ? this.valueU3 : (this.first == 254 ? this.valueU8.value : 0))));
      return this._m_value;
    }
  });

  return MysqlPackedInt;
})();
MysqlPackedInt_.MysqlPackedInt = MysqlPackedInt;
});
