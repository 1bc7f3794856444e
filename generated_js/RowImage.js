// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlPackedInt', './TableMapEvent'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlPackedInt'), require('./TableMapEvent'));
  } else {
    factory(root.RowImage || (root.RowImage = {}), root.KaitaiStream, root.MysqlPackedInt || (root.MysqlPackedInt = {}), root.TableMapEvent || (root.TableMapEvent = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (RowImage_, KaitaiStream, MysqlPackedInt_, TableMapEvent_) {
/**
 * The row data of a WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows event (v0, v1, v2, and
 * MariaDB's compressed ones once inflated): the bytes after the column bitmaps, read with
 * the column metadata of the table's TABLE_MAP_EVENT.
 * 
 * Writes have one image per row (the new row), deletes one (the old row), updates two
 * (the old row, then the new one), so for an update `images` alternates before and after
 * images. Each image is a null bitmap, one bit per column present in the image, then the
 * value of each present column that is not NULL, in column order. Which columns are
 * present comes from the rows event's bitmaps (`columns_present`, and
 * `columns_present_after` for the after images of an update): all of them with
 * binlog_row_image=FULL; with MINIMAL or NOBLOB some columns are absent, and they are
 * absent here too (not NULL).
 * 
 * What a value looks like is the column's business (`table_map_event::column_meta`): a
 * length prefix of `len_length_prefix` bytes then that many bytes (strings, BLOB/TEXT,
 * JSON, GEOMETRY, VECTOR), or `len_fixed_value` bytes (numbers, DECIMAL, BIT, ENUM/SET,
 * temporal types). Values are kept as their bytes, which a reader converts by the
 * column's type: integers and FLOAT/DOUBLE little-endian; DECIMAL, BIT and the temporal
 * types with fractional seconds in MySQL's big-endian forms; a MySQL JSON value a
 * `mysql_json` (or a `mysql_json_diff` in a partial update, see below; MariaDB's JSON
 * columns are LONGTEXT, whose values are text), GEOMETRY a `geometry`, VECTOR a `vector`.
 * 
 * A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
 * each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
 * one bit per JSON column of the table (present or not) follows, and each JSON column
 * whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
 * (`mysql_json`).
 * 
 * Everything an image needs comes in as params, never through `_parent` or `_root`, and
 * images and values are declared `parent: false`: the parse tree has no back references
 * (one object per value, so a reader can free them as soon as a row is converted).
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc|Source}
 * @see {@link https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/|Source}
 */

var RowImage = (function() {
  function RowImage(_io, _parent, _root, columns, columnsAfter, numJsonColumns, isUpdate, isPartialUpdate) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.columns = columns;
    this.columnsAfter = columnsAfter;
    this.numJsonColumns = numJsonColumns;
    this.isUpdate = isUpdate;
    this.isPartialUpdate = isPartialUpdate;

    this._read();
  }
  RowImage.prototype._read = function() {
    if (this.hasColumns) {
      this.images = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.images.push(new Image(this._io, null, this._root, ( ((this.isUpdate) && (KaitaiStream.mod(i, 2) == 1))  ? this.columnsAfter : this.columns),  ((this.isPartialUpdate) && (KaitaiStream.mod(i, 2) == 1)) , this.numJsonColumns));
        i++;
      }
    }
  }

  /**
   * The value of one column in an image (nothing when it is NULL).
   */

  var ColumnValue = RowImage.ColumnValue = (function() {
    function ColumnValue(_io, _parent, _root, column, isNull) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.column = column;
      this.isNull = isNull;

      this._read();
    }
    ColumnValue.prototype._read = function() {
      if ( ((!(this.isNull)) && (this.column.lenLengthPrefix != 0)) ) {
        switch (this.column.lenLengthPrefix) {
        case 1:
          this.lenValue = this._io.readU1();
          break;
        case 2:
          this.lenValue = this._io.readU2le();
          break;
        case 3:
          this.lenValue = this._io.readBitsIntLe(24);
          break;
        case 4:
          this.lenValue = this._io.readU4le();
          break;
        }
      }
      if (!(this.isNull)) {
        this.value = this._io.readBytes((this.column.lenLengthPrefix != 0 ? this.lenValue : this.column.lenFixedValue));
        var _ = this.value;
        if (!(this.column.isValueSizeKnown)) {
          throw new KaitaiStream.ValidationExprError(this.value, this._io, "/types/column_value/seq/1");
        }
      }
    }

    /**
     * The length of a string, BLOB/TEXT, JSON, GEOMETRY or VECTOR value.
     */

    /**
     * The value's bytes, in the column type's binary form (see the spec's doc). A
     * column whose values have no known size (`column.is_value_size_known` false)
     * cannot be read.
     */

    /**
     * The column's metadata, which says how its value is laid out.
     */

    /**
     * Its bit in the image's null bitmap.
     */

    return ColumnValue;
  })();

  /**
   * The bytes of a GEOMETRY value - its SRID, then the geometry in WKB.
   */

  var Geometry = RowImage.Geometry = (function() {
    function Geometry(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Geometry.prototype._read = function() {
      this.srid = this._io.readU4le();
      this.wkb = this._io.readBytesFull();
    }

    return Geometry;
  })();

  /**
   * One row image.
   */

  var Image = RowImage.Image = (function() {
    function Image(_io, _parent, _root, columns, isPartial, numJsonColumns) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.columns = columns;
      this.isPartial = isPartial;
      this.numJsonColumns = numJsonColumns;

      this._read();
    }
    Image.prototype._read = function() {
      if (this.isPartial) {
        this.valueOptions = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if (this.hasPartialJson) {
        this.partialJsonColumns = this._io.readBytes(Math.floor((this.numJsonColumns + 7) / 8));
      }
      this.nullBitmap = [];
      for (var i = 0; i < Math.floor((this.columns.length + 7) / 8); i++) {
        this.nullBitmap.push(this._io.readU1());
      }
      this.values = [];
      for (var i = 0; i < this.columns.length; i++) {
        this.values.push(new ColumnValue(this._io, null, this._root, this.columns[i], (this.nullBitmap[Math.floor(i / 8)] >>> KaitaiStream.mod(i, 8) & 1) != 0));
      }
    }

    /**
     * The PARTIAL_JSON_UPDATES bit of `value_options` is set: `partial_json_columns`
     * follows, and JSON values may be diffs.
     */
    Object.defineProperty(Image.prototype, 'hasPartialJson', {
      get: function() {
        if (this._m_hasPartialJson !== undefined)
          return this._m_hasPartialJson;
        this._m_hasPartialJson =  ((this.isPartial) && ((this.valueOptions.value & 1) != 0)) ;
        return this._m_hasPartialJson;
      }
    });

    /**
     * Bit set; bit 0 (PARTIAL_JSON_UPDATES) announces `partial_json_columns`.
     */

    /**
     * Bit j (least significant bit first) set when the table's j-th JSON column (in
     * column order, counting the columns absent from the image) holds a JSON diff
     * (`mysql_json_diff`) rather than a document.
     */

    /**
     * One bit per present column, least significant bit first (the k-th present
     * column's is bit k % 8 of byte k / 8): set when the column is NULL, and has no
     * value below.
     */

    /**
     * One per present column, in column order.
     */

    /**
     * The columns present in the image, in column order.
     */

    /**
     * The after image of a PARTIAL_UPDATE_ROWS_EVENT.
     */

    /**
     * The table's JSON columns, for `partial_json_columns`.
     */

    return Image;
  })();

  /**
   * The bytes of a VECTOR value (MySQL 9) - 32-bit floats.
   */

  var Vector = RowImage.Vector = (function() {
    function Vector(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Vector.prototype._read = function() {
      this.elements = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.elements.push(this._io.readF4le());
        i++;
      }
    }

    return Vector;
  })();

  /**
   * Every image has a column. An image without any would be empty and could not be
   * told from the end of the row data, so the rows are not read then.
   */
  Object.defineProperty(RowImage.prototype, 'hasColumns', {
    get: function() {
      if (this._m_hasColumns !== undefined)
        return this._m_hasColumns;
      this._m_hasColumns =  ((this.columns.length > 0) && ( ((!(this.isUpdate)) || (this.columnsAfter.length > 0)) )) ;
      return this._m_hasColumns;
    }
  });

  /**
   * The images, in order; for updates, before and after images alternate.
   */

  /**
   * The columns present in the before image of an update, or in the only image of a
   * write or delete: the table map's `column_metas[i]` of each column i whose bit is set
   * in the rows event's `columns_present`, in column order. The bitmap has a bit for
   * each of the rows event's `num_columns` (at most the table map's).
   */

  /**
   * For an update, the columns present in the after image, chosen likewise by
   * `columns_present_after`. Not used otherwise.
   */

  /**
   * How many of the table's columns are JSON (their count in the table map, present
   * or not): the bits of a partial update's `partial_json_columns`.
   */

  /**
   * An UPDATE or PARTIAL_UPDATE rows event, whose rows have two images.
   */

  /**
   * A PARTIAL_UPDATE_ROWS_EVENT (39), whose after images start with `value_options`.
   */

  return RowImage;
})();
RowImage_.RowImage = RowImage;
});
