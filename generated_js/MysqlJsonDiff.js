// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlJson', './MysqlPackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlJson'), require('./MysqlPackedInt'));
  } else {
    factory(root.MysqlJsonDiff || (root.MysqlJsonDiff = {}), root.KaitaiStream, root.MysqlJson || (root.MysqlJson = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlJsonDiff_, KaitaiStream, MysqlJson_, MysqlPackedInt_) {
/**
 * With binlog_row_value_options=PARTIAL_JSON, an UPDATE that changes a JSON column only
 * through JSON_SET, JSON_REPLACE or JSON_REMOVE is logged as a PARTIAL_UPDATE_ROWS_EVENT
 * (type 39) whose after image holds, for such a column, the list of changes instead of
 * the whole new document. In the row image that list is preceded by its byte length
 * (4 bytes, in the place of the column's usual length prefix); this spec reads the list
 * itself: changes one after another until the end of the stream.
 * 
 * Each change names an operation, a JSON path in MySQL's text syntax (for example
 * `$.age` or `$.a[2]`), and for REPLACE and INSERT the new value as a binary JSON
 * document. Both lengths are MySQL packed integers (not the 7-bit lengths used inside
 * binary JSON).
 * @see {@link https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.cc|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.h|Source}
 * @see {@link https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_row_value_options|Source}
 */

var MysqlJsonDiff = (function() {
  MysqlJsonDiff.Operation = Object.freeze({
    REPLACE: 0,
    INSERT: 1,
    REMOVE: 2,

    0: "REPLACE",
    1: "INSERT",
    2: "REMOVE",
  });

  function MysqlJsonDiff(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlJsonDiff.prototype._read = function() {
    this.diffs = [];
    var i = 0;
    while (!this._io.isEof()) {
      this.diffs.push(new Diff(this._io, this, this._root));
      i++;
    }
  }

  /**
   * One change to the JSON document (MySQL's Json_diff).
   */

  var Diff = MysqlJsonDiff.Diff = (function() {
    function Diff(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Diff.prototype._read = function() {
      this.operation = this._io.readU1();
      if (this.isKnownOperation) {
        this.lenPath = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if (this.isKnownOperation) {
        this.path = this._io.readBytes(this.lenPath.value);
      }
      if (this.hasValue) {
        this.lenValue = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if (this.hasValue) {
        this._raw_value = this._io.readBytes(this.lenValue.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new MysqlJson_.MysqlJson(_io__raw_value, null, null);
      }
      if (!(this.isKnownOperation)) {
        this.unknown = this._io.readBytesFull();
      }
    }
    Object.defineProperty(Diff.prototype, 'hasValue', {
      get: function() {
        if (this._m_hasValue !== undefined)
          return this._m_hasValue;
        this._m_hasValue =  ((this.isKnownOperation) && (this.operation != MysqlJsonDiff.Operation.REMOVE)) ;
        return this._m_hasValue;
      }
    });
    Object.defineProperty(Diff.prototype, 'isKnownOperation', {
      get: function() {
        if (this._m_isKnownOperation !== undefined)
          return this._m_isKnownOperation;
        this._m_isKnownOperation = this.operation <= 2;
        return this._m_isKnownOperation;
      }
    });

    /**
     * The JSON path, utf8mb4 text such as `$.name` (kept as bytes).
     */

    /**
     * The value to store at `path`, a binary JSON document (type byte + value).
     */

    /**
     * Rest of the stream after an operation code this spec does not know.
     */

    return Diff;
  })();

  return MysqlJsonDiff;
})();
MysqlJsonDiff_.MysqlJsonDiff = MysqlJsonDiff;
});
