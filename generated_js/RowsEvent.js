// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlTableId', './MysqlEventType', './MysqlPackedInt', './MariadbCompressed'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlTableId'), require('./MysqlEventType'), require('./MysqlPackedInt'), require('./MariadbCompressed'));
  } else {
    factory(root.RowsEvent || (root.RowsEvent = {}), root.KaitaiStream, root.MysqlTableId || (root.MysqlTableId = {}), root.MysqlEventType || (root.MysqlEventType = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}), root.MariadbCompressed || (root.MariadbCompressed = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (RowsEvent_, KaitaiStream, MysqlTableId_, MysqlEventType_, MysqlPackedInt_, MariadbCompressed_) {
/**
 * Row-based replication: the rows one statement inserted, updated or deleted in the table
 * of the preceding TABLE_MAP_EVENT with the same table id. Layout is shared by the pre-GA
 * (20-22), v1 (23-25) and v2 (30-32, 39) events and MariaDB's compressed ones (166-171):
 * v2 adds a variable-length extra-data block; updates carry a second column bitmap for
 * the after image; MariaDB's compressed events hold the row images zlib-compressed.
 * Whatever the type, `row_data` gives the uncompressed row images.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__event.html|Source}
 */

var RowsEvent = (function() {
  RowsEvent.RowsFlag = Object.freeze({
    STMT_END: 1,
    NO_FOREIGN_KEY_CHECKS: 2,
    RELAXED_UNIQUE_CHECKS: 4,
    COMPLETE_ROWS: 8,

    1: "STMT_END",
    2: "NO_FOREIGN_KEY_CHECKS",
    4: "RELAXED_UNIQUE_CHECKS",
    8: "COMPLETE_ROWS",
  });

  function RowsEvent(_io, _parent, _root, postHeaderLen, eventType) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.postHeaderLen = postHeaderLen;
    this.eventType = eventType;

    this._read();
  }
  RowsEvent.prototype._read = function() {
    this.tableId = new MysqlTableId_.MysqlTableId(this._io, null, null, this.postHeaderLen);
    this.flags = this._io.readU2le();
    if (this.isV2) {
      this.lenExtraData = this._io.readU2le();
      if (!(this.lenExtraData >= 2)) {
        throw new KaitaiStream.ValidationLessThanError(2, this.lenExtraData, this._io, "/seq/2");
      }
    }
    if (this.isV2) {
      this.extraData = this._io.readBytes(this.lenExtraData - 2);
    }
    this.numColumns = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    this.columnsPresent = this._io.readBytes(Math.floor((this.numColumns.value + 7) / 8));
    if ( ((this.hasAfterImage) && (this.eventType != MysqlEventType_.MysqlEventType.EventType.PRE_GA_UPDATE_ROWS_EVENT)) ) {
      this.afterImageColumns = this._io.readBytes(Math.floor((this.numColumns.value + 7) / 8));
    }
    if (!(this.isCompressed)) {
      this.rows = this._io.readBytesFull();
    }
    if (this.isCompressed) {
      this._raw_compressedRows = this._io.readBytesFull();
      var _io__raw_compressedRows = new KaitaiStream(this._raw_compressedRows);
      this.compressedRows = new MariadbCompressed_.MariadbCompressed(_io__raw_compressedRows, null, null);
    }
  }

  /**
   * For updates, bit i set when column i is in the after image.
   */
  Object.defineProperty(RowsEvent.prototype, 'columnsPresentAfter', {
    get: function() {
      if (this._m_columnsPresentAfter !== undefined)
        return this._m_columnsPresentAfter;
      if (this.hasAfterImage) {
        this._m_columnsPresentAfter = (this.eventType == MysqlEventType_.MysqlEventType.EventType.PRE_GA_UPDATE_ROWS_EVENT ? this.columnsPresent : this.afterImageColumns);
      }
      return this._m_columnsPresentAfter;
    }
  });

  /**
   * The rows of an update have two images, before and after.
   */
  Object.defineProperty(RowsEvent.prototype, 'hasAfterImage', {
    get: function() {
      if (this._m_hasAfterImage !== undefined)
        return this._m_hasAfterImage;
      this._m_hasAfterImage =  ((this.eventType == MysqlEventType_.MysqlEventType.EventType.PRE_GA_UPDATE_ROWS_EVENT) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_EVENT_V1) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_EVENT) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.PARTIAL_UPDATE_ROWS_EVENT) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT)) ;
      return this._m_hasAfterImage;
    }
  });
  Object.defineProperty(RowsEvent.prototype, 'isCompressed', {
    get: function() {
      if (this._m_isCompressed !== undefined)
        return this._m_isCompressed;
      this._m_isCompressed =  ((this.eventType == MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_COMPRESSED_EVENT_V1) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.WRITE_ROWS_COMPRESSED_EVENT) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.UPDATE_ROWS_COMPRESSED_EVENT) || (this.eventType == MysqlEventType_.MysqlEventType.EventType.DELETE_ROWS_COMPRESSED_EVENT)) ;
      return this._m_isCompressed;
    }
  });
  Object.defineProperty(RowsEvent.prototype, 'isEndOfStatement', {
    get: function() {
      if (this._m_isEndOfStatement !== undefined)
        return this._m_isEndOfStatement;
      this._m_isEndOfStatement = (this.flags & RowsEvent.RowsFlag.STMT_END) != 0;
      return this._m_isEndOfStatement;
    }
  });
  Object.defineProperty(RowsEvent.prototype, 'isV2', {
    get: function() {
      if (this._m_isV2 !== undefined)
        return this._m_isV2;
      this._m_isV2 = this.postHeaderLen >= 10;
      return this._m_isV2;
    }
  });

  /**
   * The row images, inflated for a compressed event (which raises a parse error when
   * the compressed stream is corrupt, and is null when its header names an algorithm
   * this spec does not know).
   */
  Object.defineProperty(RowsEvent.prototype, 'rowData', {
    get: function() {
      if (this._m_rowData !== undefined)
        return this._m_rowData;
      this._m_rowData = (this.isCompressed ? this.compressedRows.data : this.rows);
      return this._m_rowData;
    }
  });

  /**
   * Bit set of `rows_flag`.
   */

  /**
   * Length of the extra data including these two bytes.
   */

  /**
   * Typed extra row info (NDB info, partition ids), kept raw.
   */

  /**
   * Bit i set when column i is in the (before) image.
   */

  /**
   * For updates, bit i set when column i is in the after image; not in a pre-GA update
   * (MySQL's Old_rows_log_event reads one bitmap, for both images).
   */

  /**
   * The row images, each a null bitmap of the present columns then their values.
   */

  /**
   * MariaDB's compressed rows events (166-171): the row images, compressed. Everything
   * before them (table id, flags, extra data, column count and bitmaps) stays plain.
   * @see {@link https://github.com/MariaDB/server/blob/main/sql/log_event.cc|Source}
   */

  /**
   * 6 (4-byte table id), 8 (v1), or 10 (v2, with the extra-data length).
   */

  /**
   * The event's type, which tells updates (two images) from writes and deletes, and
   * MariaDB's compressed events from plain ones.
   */

  return RowsEvent;
})();
RowsEvent_.RowsEvent = RowsEvent;
});
