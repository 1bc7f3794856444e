// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './TableMapEvent', './MysqlPackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./TableMapEvent'), require('./MysqlPackedInt'));
  } else {
    factory(root.RowImage || (root.RowImage = {}), root.KaitaiStream, root.TableMapEvent || (root.TableMapEvent = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (RowImage_, KaitaiStream, TableMapEvent_, MysqlPackedInt_) {
/**
 * The row data of a WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows event (v0, v1, v2, and
 * MariaDB's compressed ones once inflated): the bytes after the column bitmaps, decoded
 * with the column layout of the table's TABLE_MAP_EVENT.
 * 
 * Every image is a null bitmap, one bit per column present in the image (least
 * significant bit first, bit k for the k-th present column), then the value of each
 * present column that is not NULL, in column order. Which columns are present comes from
 * the rows event's bitmap: all of them with binlog_row_image=FULL; with MINIMAL or NOBLOB
 * some columns are absent, and they are absent here too (not NULL). Writes have one image
 * per row (the new row), deletes one (the old row), updates two (old then new), so for an
 * update `images` alternates before and after images.
 * 
 * A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
 * each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
 * one bit per JSON column of the table (present or not) follows, and each JSON column
 * whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
 * (`mysql_json`).
 * 
 * Each value is one element of `image.values`, or two for a value with a length prefix
 * (strings, BLOB/TEXT, JSON, GEOMETRY, VECTOR): the length, as a number, then the bytes.
 * Every value is kept as its raw bytes (integers little-endian; DECIMAL, BIT and the
 * temporal types in MySQL's big-endian forms), which the reader converts; a NULL column
 * is empty bytes in each of its elements. `image_layout.cells` says, per element, which
 * column it belongs to and how it is read. The bytes of a JSON, GEOMETRY and VECTOR value
 * are a `mysql_json` (or `mysql_json_diff`), a `geometry` and a `vector` respectively.
 * 
 * Elements are only numbers and byte strings, never an object per value, and the only
 * numbers read are the length prefixes: that keeps the per-row loop short (in Python,
 * every case of the loop's switch costs a comparison for every raw-bytes element, the
 * fallback case). The layout work is done once per table and bitmap (`image_layout`,
 * passed in as `first_layout` and `second_layout`).
 * 
 * When a column type is unknown to this spec (so the size of its values is unknown), the
 * rows are not decoded and `undecoded` keeps the bytes.
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc|Source}
 * @see {@link https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/|Source}
 */

var RowImage = (function() {
  function RowImage(_io, _parent, _root, firstLayout, secondLayout, isUpdate, isPartialUpdate) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.firstLayout = firstLayout;
    this.secondLayout = secondLayout;
    this.isUpdate = isUpdate;
    this.isPartialUpdate = isPartialUpdate;

    this._read();
  }
  RowImage.prototype._read = function() {
    if (this.isDecodable) {
      this.images = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.images.push(new Image(this._io, this, this._root, ( ((this.isUpdate) && (KaitaiStream.mod(i, 2) == 1))  ? this.secondLayout : this.firstLayout), ( ((this.isUpdate) && (KaitaiStream.mod(i, 2) == 1))  ? this.secondLayout.cells : this.firstLayout.cells), ( ((this.isUpdate) && (KaitaiStream.mod(i, 2) == 1))  ? this.secondLayout.isNarrow : this.firstLayout.isNarrow),  ((this.isPartialUpdate) && (KaitaiStream.mod(i, 2) == 1)) ));
        i++;
      }
    }
    if (!(this.isDecodable)) {
      this.undecoded = this._io.readBytesFull();
    }
  }

  /**
   * One element of an image, in the form the row loop reads fastest.
   */

  var Cell = RowImage.Cell = (function() {
    function Cell(_io, _parent, _root, slot, code, size, isData) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.slot = slot;
      this.code = code;
      this.size = size;
      this.isData = isData;

      this._read();
    }
    Cell.prototype._read = function() {
    }

    /**
     * Index of its column among the present ones (its bit in the null bitmap).
     */

    /**
     * 1-4 for a length prefix of that many bytes, 0 for raw bytes.
     */

    /**
     * Its size in bytes (for the bytes after a length prefix, the previous element).
     */

    /**
     * The bytes after a length prefix.
     */

    return Cell;
  })();

  /**
   * Numbers the elements of an image (one per slot, two for a length-prefixed value).
   */

  var CellStep = RowImage.CellStep = (function() {
    function CellStep(_io, _parent, _root, slots, slot, isData) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.slots = slots;
      this.slot = slot;
      this.isData = isData;

      this._read();
    }
    CellStep.prototype._read = function() {
    }
    Object.defineProperty(CellStep.prototype, 'code', {
      get: function() {
        if (this._m_code !== undefined)
          return this._m_code;
        this._m_code = (this.isLength ? this.slots[this.slot].lengthCode : 0);
        return this._m_code;
      }
    });
    Object.defineProperty(CellStep.prototype, 'isLast', {
      get: function() {
        if (this._m_isLast !== undefined)
          return this._m_isLast;
        this._m_isLast =  ((!(this.isLength)) && (this.slot + 1 >= this.slots.length)) ;
        return this._m_isLast;
      }
    });
    Object.defineProperty(CellStep.prototype, 'isLength', {
      get: function() {
        if (this._m_isLength !== undefined)
          return this._m_isLength;
        this._m_isLength =  ((!(this.isData)) && (this.slots[this.slot].lengthSize > 0)) ;
        return this._m_isLength;
      }
    });
    Object.defineProperty(CellStep.prototype, 'nextSlot', {
      get: function() {
        if (this._m_nextSlot !== undefined)
          return this._m_nextSlot;
        this._m_nextSlot = (this.isLength ? this.slot : this.slot + 1);
        return this._m_nextSlot;
      }
    });
    Object.defineProperty(CellStep.prototype, 'size', {
      get: function() {
        if (this._m_size !== undefined)
          return this._m_size;
        this._m_size = (this.isLength ? this.slots[this.slot].lengthSize : (this.isData ? 0 : this.slots[this.slot].valueSize));
        return this._m_size;
      }
    });

    /**
     * The bytes after a length prefix (the previous element).
     */

    return CellStep;
  })();

  /**
   * Finds the first present column at or after `start` (`column`, or `column_count`
   * when there is none) and says how its value is read: its length prefix
   * (`length_code`, `length_size`; none when 0), or its size (`value_size`).
   */

  var ColumnFinder = RowImage.ColumnFinder = (function() {
    function ColumnFinder(_io, _parent, _root, columnCount, columnMetas, present, start, unsupportedBefore) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.columnCount = columnCount;
      this.columnMetas = columnMetas;
      this.present = present;
      this.start = start;
      this.unsupportedBefore = unsupportedBefore;

      this._read();
    }
    ColumnFinder.prototype._read = function() {
      if (this.start < this.columnCount) {
        this.probes = [];
        var i = 0;
        do {
          var _ = new Probe(this._io, this, this._root, this.start + i, this.columnCount, this.present);
          this.probes.push(_);
          i++;
        } while (!( ((_.isPresent) || (_.column + 1 >= this.columnCount)) ));
      }
    }
    Object.defineProperty(ColumnFinder.prototype, 'column', {
      get: function() {
        if (this._m_column !== undefined)
          return this._m_column;
        this._m_column = ( ((this.start < this.columnCount) && (this.probes[this.probes.length - 1].isPresent))  ? this.probes[this.probes.length - 1].column : this.columnCount);
        return this._m_column;
      }
    });
    Object.defineProperty(ColumnFinder.prototype, 'isEnd', {
      get: function() {
        if (this._m_isEnd !== undefined)
          return this._m_isEnd;
        this._m_isEnd = this.column >= this.columnCount;
        return this._m_isEnd;
      }
    });

    /**
     * The size of the column's values is known: not the pre-5.0 DECIMAL (0), NULL (6)
     * or TYPED_ARRAY (20) types, nor an ENUM/SET of impossible size, nor a type code
     * this spec does not know.
     */
    Object.defineProperty(ColumnFinder.prototype, 'isSupported', {
      get: function() {
        if (this._m_isSupported !== undefined)
          return this._m_isSupported;
        this._m_isSupported =  ((this.lengthSize > 0) || ( ((this.valueSize > 0) && (this.realType != 0) && (this.realType != 6) && (this.realType != 20) && ( ((this.realType != 247) || (this.meta.stringLength <= 2)) ) && ( ((this.realType != 248) || (this.meta.stringLength <= 8)) )) )) ;
        return this._m_isSupported;
      }
    });

    /**
     * How the length prefix is read (the `image.values` case); 0 when there is none.
     */
    Object.defineProperty(ColumnFinder.prototype, 'lengthCode', {
      get: function() {
        if (this._m_lengthCode !== undefined)
          return this._m_lengthCode;
        this._m_lengthCode = (this.lengthSize <= 4 ? this.lengthSize : 0);
        return this._m_lengthCode;
      }
    });

    /**
     * Bytes of the length prefix: 1 or 2 for VARCHAR/VAR_STRING/CHAR (by the maximum
     * length), the metadata's pack length for BLOB/TEXT, JSON, GEOMETRY and VECTOR.
     */
    Object.defineProperty(ColumnFinder.prototype, 'lengthSize', {
      get: function() {
        if (this._m_lengthSize !== undefined)
          return this._m_lengthSize;
        this._m_lengthSize = ( ((this.realType == 15) || (this.realType == 253))  ? (this.meta.maxLength < 256 ? 1 : 2) : (this.realType == 254 ? (this.meta.stringLength < 256 ? 1 : 2) : ( (( ((this.realType >= 249) && (this.realType <= 252)) ) || (this.realType == 245) || (this.realType == 255) || (this.realType == 242))  ? this.meta.packLength : 0)));
        return this._m_lengthSize;
      }
    });
    Object.defineProperty(ColumnFinder.prototype, 'meta', {
      get: function() {
        if (this._m_meta !== undefined)
          return this._m_meta;
        if (!(this.isEnd)) {
          this._m_meta = this.columnMetas[this.column];
        }
        return this._m_meta;
      }
    });
    Object.defineProperty(ColumnFinder.prototype, 'realType', {
      get: function() {
        if (this._m_realType !== undefined)
          return this._m_realType;
        this._m_realType = (this.isEnd ? 0 : this.meta.realType);
        return this._m_realType;
      }
    });
    Object.defineProperty(ColumnFinder.prototype, 'unsupportedThrough', {
      get: function() {
        if (this._m_unsupportedThrough !== undefined)
          return this._m_unsupportedThrough;
        this._m_unsupportedThrough = ( ((this.isEnd) || (this.isSupported))  ? this.unsupportedBefore : this.unsupportedBefore + 1);
        return this._m_unsupportedThrough;
      }
    });

    /**
     * Bytes of the value when it has no length prefix (a NEWDECIMAL takes 4 bytes per
     * 9 digits and 1-4 bytes for the remaining digits, on each side of the point; a
     * temporal type 1 byte per 2 digits of fractional seconds).
     */
    Object.defineProperty(ColumnFinder.prototype, 'valueSize', {
      get: function() {
        if (this._m_valueSize !== undefined)
          return this._m_valueSize;
        this._m_valueSize = (this.isEnd ? 0 : ( ((this.realType == 3) || (this.realType == 7) || (this.realType == 4))  ? 4 : ( ((this.realType == 1) || (this.realType == 13))  ? 1 : (this.realType == 2 ? 2 : ( ((this.realType == 5) || (this.realType == 8) || (this.realType == 12))  ? 8 : ( ((this.realType == 9) || (this.realType == 10) || (this.realType == 14) || (this.realType == 11))  ? 3 : (this.realType == 246 ? ((Math.floor((this.meta.precision - this.meta.scale) / 9) * 4 + Math.floor((KaitaiStream.mod(this.meta.precision - this.meta.scale, 9) + 1) / 2)) + Math.floor(this.meta.scale / 9) * 4) + Math.floor((KaitaiStream.mod(this.meta.scale, 9) + 1) / 2) : (this.realType == 16 ? Math.floor((this.meta.bitCount + 7) / 8) : ( ((this.realType == 247) || (this.realType == 248))  ? this.meta.stringLength : (this.realType == 17 ? 4 + Math.floor((this.meta.fsp + 1) / 2) : (this.realType == 18 ? 5 + Math.floor((this.meta.fsp + 1) / 2) : (this.realType == 19 ? 3 + Math.floor((this.meta.fsp + 1) / 2) : 0))))))))))));
        return this._m_valueSize;
      }
    });

    /**
     * Present columns of unknown type before this one.
     */

    return ColumnFinder;
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
    function Image(_io, _parent, _root, layout, cells, isNarrow, isPartial) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.layout = layout;
      this.cells = cells;
      this.isNarrow = isNarrow;
      this.isPartial = isPartial;

      this._read();
    }
    Image.prototype._read = function() {
      if (this.isPartial) {
        this.valueOptions = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      }
      if ( ((this.isPartial) && (this.hasPartialJson)) ) {
        this.partialJsonColumns = this._io.readBytes(Math.floor((this.layout.jsonColumnCount + 7) / 8));
      }
      if (this.isNarrow) {
        switch (Math.floor((this.layout.presentCount + 7) / 8)) {
        case 1:
          this.nullBits = this._io.readU1();
          break;
        case 2:
          this.nullBits = this._io.readU2le();
          break;
        case 3:
          this.nullBits = this._io.readBitsIntLe(24);
          break;
        case 4:
          this.nullBits = this._io.readU4le();
          break;
        }
      }
      if (!(this.isNarrow)) {
        this.nullBitmap = this._io.readBytes(Math.floor((this.layout.presentCount + 7) / 8));
      }
      this.values = [];
      for (var i = 0; i < this.cells.length; i++) {
        switch ((((this.isNarrow ? this.nullBits >>> this.cells[i].slot : this.nullBitmap[this.cells[i].slot >>> 3] >>> (this.cells[i].slot & 7)) & 1) != 0 ? 0 : this.cells[i].code)) {
        case 1:
          this.values.push(this._io.readU1());
          break;
        case 2:
          this.values.push(this._io.readU2le());
          break;
        case 3:
          this.values.push(this._io.readBitsIntLe(24));
          break;
        case 4:
          this.values.push(this._io.readU4le());
          break;
        default:
          this.values.push(this._io.readBytes((((this.isNarrow ? this.nullBits >>> this.cells[i].slot : this.nullBitmap[this.cells[i].slot >>> 3] >>> (this.cells[i].slot & 7)) & 1) != 0 ? 0 : (this.cells[i].isData ? this.values[i - 1] : this.cells[i].size))));
          break;
        }
      }
      if ( ((this.isPartial) && (this.hasPartialJson)) ) {
        this.jsonDiffFlags = [];
        for (var i = 0; i < this.layout.presentCount; i++) {
          this.jsonDiffFlags.push(new JsonFlag(this._io, this, this._root,  ((this.layout.slots[i].realType == 245) && ((this.partialJsonColumns[this.layout.slots[i].jsonIndex >>> 3] >>> (this.layout.slots[i].jsonIndex & 7) & 1) != 0)) ));
        }
      }
    }
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
     * Bit j (least significant first) set when the j-th JSON column holds a diff.
     */

    /**
     * Bit k set when the k-th present column is NULL (and has no value below); read
     * as one integer when there are at most 32 present columns.
     */

    /**
     * The same bitmap as bytes, for more than 32 present columns.
     */

    /**
     * The elements of the image (`layout.cells`): length prefixes as numbers, all else
     * raw bytes (empty for a NULL column). The number cases ignore `size`, which is
     * their size anyway.
     */

    /**
     * Per present column, whether it holds a JSON diff rather than a document.
     */

    /**
     * The layout's `cells` (a parameter, not read through `layout`, for speed).
     */

    /**
     * The layout's `is_narrow`, likewise.
     */

    /**
     * The after image of a PARTIAL_UPDATE_ROWS_EVENT.
     */

    return Image;
  })();

  /**
   * Where the values of one kind of image (before or after) are: the present columns in
   * order (`slots`), and the elements their values are read as (`cells`). It reads
   * nothing: parse it from an empty stream.
   */

  var ImageLayout = RowImage.ImageLayout = (function() {
    function ImageLayout(_io, _parent, _root, columnCount, columnMetas, present, countJson) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.columnCount = columnCount;
      this.columnMetas = columnMetas;
      this.present = present;
      this.countJson = countJson;

      this._read();
    }
    ImageLayout.prototype._read = function() {
      if (this.countJson) {
        this.jsonRanks = [];
        for (var i = 0; i < this.columnCount; i++) {
          this.jsonRanks.push(new JsonRank(this._io, this, this._root, (i == 0 ? 0 : this.jsonRanks[i - 1].jsonAfter), this.columnMetas[i].typeCode == 245));
        }
      }
      this.finders = [];
      var i = 0;
      do {
        var _ = new ColumnFinder(this._io, this, this._root, this.columnCount, this.columnMetas, this.present, (i == 0 ? 0 : this.finders[i - 1].column + 1), (i == 0 ? 0 : this.finders[i - 1].unsupportedThrough));
        this.finders.push(_);
        i++;
      } while (!(_.isEnd));
      this.slots = [];
      for (var i = 0; i < this.presentCount; i++) {
        this.slots.push(new Slot(this._io, this, this._root, this.finders[i].column, this.finders[i].realType, this.finders[i].valueSize, this.finders[i].lengthCode, this.finders[i].lengthSize, (this.countJson ? this.jsonRanks[this.finders[i].column].jsonBefore : 0)));
      }
      if (this.presentCount > 0) {
        this.steps = [];
        var i = 0;
        do {
          var _ = new CellStep(this._io, this, this._root, this.slots, (i == 0 ? 0 : this.steps[i - 1].nextSlot), (i == 0 ? false : this.steps[i - 1].isLength));
          this.steps.push(_);
          i++;
        } while (!(_.isLast));
      }
      this.cells = [];
      for (var i = 0; i < (this.presentCount > 0 ? this.steps.length : 0); i++) {
        this.cells.push(new Cell(this._io, this, this._root, this.steps[i].slot, this.steps[i].code, this.steps[i].size, this.steps[i].isData));
      }
    }
    Object.defineProperty(ImageLayout.prototype, 'isDecodable', {
      get: function() {
        if (this._m_isDecodable !== undefined)
          return this._m_isDecodable;
        this._m_isDecodable = this.finders[this.finders.length - 1].unsupportedBefore == 0;
        return this._m_isDecodable;
      }
    });

    /**
     * The null bitmap of the images fits an integer (read as one).
     */
    Object.defineProperty(ImageLayout.prototype, 'isNarrow', {
      get: function() {
        if (this._m_isNarrow !== undefined)
          return this._m_isNarrow;
        this._m_isNarrow = this.presentCount <= 32;
        return this._m_isNarrow;
      }
    });

    /**
     * JSON columns in the table (bits of the partial-JSON bitmap).
     */
    Object.defineProperty(ImageLayout.prototype, 'jsonColumnCount', {
      get: function() {
        if (this._m_jsonColumnCount !== undefined)
          return this._m_jsonColumnCount;
        this._m_jsonColumnCount = ( ((this.countJson) && (this.columnCount > 0))  ? this.jsonRanks[this.jsonRanks.length - 1].jsonAfter : 0);
        return this._m_jsonColumnCount;
      }
    });
    Object.defineProperty(ImageLayout.prototype, 'presentCount', {
      get: function() {
        if (this._m_presentCount !== undefined)
          return this._m_presentCount;
        this._m_presentCount = this.finders.length - 1;
        return this._m_presentCount;
      }
    });

    /**
     * How many JSON columns precede each column.
     */

    /**
     * One per present column, in order, then one past the last column.
     */

    /**
     * The present columns, in column order.
     */

    /**
     * One per element of an image, to number them.
     */

    /**
     * The elements of an image, in order.
     */

    /**
     * The rows event's column count (its m_width).
     */

    /**
     * The table map's `column_metas` (each carries its column type).
     */

    /**
     * The rows event's columns-present bitmap for this kind of image.
     */

    /**
     * Number JSON columns (for the partial-JSON bitmap of a PARTIAL_UPDATE after image).
     */

    return ImageLayout;
  })();

  var JsonFlag = RowImage.JsonFlag = (function() {
    function JsonFlag(_io, _parent, _root, isDiff) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isDiff = isDiff;

      this._read();
    }
    JsonFlag.prototype._read = function() {
    }

    return JsonFlag;
  })();

  var JsonRank = RowImage.JsonRank = (function() {
    function JsonRank(_io, _parent, _root, jsonBefore, isJson) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.jsonBefore = jsonBefore;
      this.isJson = isJson;

      this._read();
    }
    JsonRank.prototype._read = function() {
    }
    Object.defineProperty(JsonRank.prototype, 'jsonAfter', {
      get: function() {
        if (this._m_jsonAfter !== undefined)
          return this._m_jsonAfter;
        this._m_jsonAfter = (this.isJson ? this.jsonBefore + 1 : this.jsonBefore);
        return this._m_jsonAfter;
      }
    });

    return JsonRank;
  })();

  var Probe = RowImage.Probe = (function() {
    function Probe(_io, _parent, _root, column, columnCount, present) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.column = column;
      this.columnCount = columnCount;
      this.present = present;

      this._read();
    }
    Probe.prototype._read = function() {
    }
    Object.defineProperty(Probe.prototype, 'isPresent', {
      get: function() {
        if (this._m_isPresent !== undefined)
          return this._m_isPresent;
        this._m_isPresent =  ((this.column < this.columnCount) && ((this.present[this.column >>> 3] >>> (this.column & 7) & 1) != 0)) ;
        return this._m_isPresent;
      }
    });

    return Probe;
  })();

  /**
   * One present column of an image kind.
   */

  var Slot = RowImage.Slot = (function() {
    function Slot(_io, _parent, _root, column, realType, valueSize, lengthCode, lengthSize, jsonIndex) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.column = column;
      this.realType = realType;
      this.valueSize = valueSize;
      this.lengthCode = lengthCode;
      this.lengthSize = lengthSize;
      this.jsonIndex = jsonIndex;

      this._read();
    }
    Slot.prototype._read = function() {
    }

    /**
     * The column's index in the table.
     */

    /**
     * Its real `field_type` (ENUM/SET rather than STRING).
     */

    /**
     * How its length prefix is read, 0 when it has none.
     */

    /**
     * Index among the table's JSON columns (its bit in the partial-JSON bitmap).
     */

    return Slot;
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
   * Every present column has a known type (and every image has a column, so that an
   * image is never empty: an empty one could not be told from the end of the data).
   */
  Object.defineProperty(RowImage.prototype, 'isDecodable', {
    get: function() {
      if (this._m_isDecodable !== undefined)
        return this._m_isDecodable;
      this._m_isDecodable =  ((this.firstLayout.isDecodable) && (this.firstLayout.presentCount > 0) && ( ((!(this.isUpdate)) || ( ((this.secondLayout.isDecodable) && (this.secondLayout.presentCount > 0)) )) )) ;
      return this._m_isDecodable;
    }
  });

  /**
   * The images, in order; for updates before and after images alternate.
   */

  /**
   * The row data, when a column type prevents decoding it.
   */

  /**
   * Layout of the first (or only) image of each row: `image_layout(column_count,
   * column_metas, columns_present, false)` from the rows event's column count and first
   * bitmap and the table map's `column_metas`, parsed from an empty stream. Layouts
   * depend only on the table map and the bitmap, so a reader builds each one once and
   * reuses it for every event of that table.
   */

  /**
   * For updates, layout of the after image: `image_layout(column_count, column_metas,
   * columns_present_after, is_partial_update)`. Not used otherwise (pass
   * `first_layout`).
   */

  /**
   * An UPDATE or PARTIAL_UPDATE rows event, whose rows have two images.
   */

  /**
   * A PARTIAL_UPDATE_ROWS_EVENT (39), whose after images start with value_options.
   */

  return RowImage;
})();
RowImage_.RowImage = RowImage;
});
