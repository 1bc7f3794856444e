// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'));
  } else {
    factory(root.MysqlTableId || (root.MysqlTableId = {}), root.KaitaiStream);
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlTableId_, KaitaiStream) {
/**
 * The number a TABLE_MAP_EVENT gives its table, which the rows events of the same
 * statement repeat: 6 bytes little-endian, or 4 when the event's post-header is 6 bytes
 * long (early 5.1 servers).
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html|Source}
 */

var MysqlTableId = (function() {
  function MysqlTableId(_io, _parent, _root, postHeaderLen) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.postHeaderLen = postHeaderLen;

    this._read();
  }
  MysqlTableId.prototype._read = function() {
    this.low = this._io.readU4le();
    if (this.postHeaderLen != 6) {
      this.high = this._io.readU2le();
    }
  }

  /**
   * Multiplied, not shifted by 32: JavaScript shifts are 32-bit, so `<< 32` would drop
   * the high part in the JS build.
   */
  Object.defineProperty(MysqlTableId.prototype, 'value', {
    get: function() {
      if (this._m_value !== undefined)
        return this._m_value;
      this._m_value = (this.postHeaderLen == 6 ? this.low : this.low + this.high * 4294967296);
      return this._m_value;
    }
  });

  /**
   * The post-header length the FORMAT_DESCRIPTION_EVENT declares for the event type.
   */

  return MysqlTableId;
})();
MysqlTableId_.MysqlTableId = MysqlTableId;
});
