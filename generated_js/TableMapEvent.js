// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream', './MysqlTableId', './MysqlPackedInt'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'), require('./MysqlTableId'), require('./MysqlPackedInt'));
  } else {
    factory(root.TableMapEvent || (root.TableMapEvent = {}), root.KaitaiStream, root.MysqlTableId || (root.MysqlTableId = {}), root.MysqlPackedInt || (root.MysqlPackedInt = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (TableMapEvent_, KaitaiStream, MysqlTableId_, MysqlPackedInt_) {
/**
 * Maps a table id to a table and describes its columns, for the rows events that follow
 * in the same statement: column types, per-type metadata (`column_metas`: lengths,
 * precision, fractional-second precision...), nullability and, since MySQL 8.0.1
 * (binlog_row_metadata=MINIMAL or FULL) and MariaDB 10.5, an optional metadata block of
 * typed fields (signedness, charsets, column names, ENUM/SET labels, primary key...).
 * 
 * The optional fields that describe a subset of the columns (SIGNEDNESS: numeric columns;
 * DEFAULT_CHARSET / COLUMN_CHARSET: character columns; ENUM_AND_SET_*: ENUM and SET
 * columns; SET_STR_VALUE, ENUM_STR_VALUE, GEOMETRY_TYPE, VECTOR_DIMENSIONALITY) list one
 * entry per column of that kind, in column order; which columns count as which kind is
 * decided by `column_metas[i].real_type` (see the docs of those fields).
 * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/rows_event.cpp|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc|Source}
 * @see {@link https://mariadb.com/kb/en/table_map_event/|Source}
 */

var TableMapEvent = (function() {
  TableMapEvent.FieldType = Object.freeze({
    DECIMAL: 0,
    TINY: 1,
    SHORT: 2,
    LONG: 3,
    FLOAT: 4,
    DOUBLE: 5,
    TYPE_NULL: 6,
    TIMESTAMP: 7,
    LONGLONG: 8,
    INT24: 9,
    DATE: 10,
    TIME: 11,
    DATETIME: 12,
    YEAR: 13,
    NEWDATE: 14,
    VARCHAR: 15,
    BIT: 16,
    TIMESTAMP2: 17,
    DATETIME2: 18,
    TIME2: 19,
    TYPED_ARRAY: 20,
    VECTOR: 242,
    INVALID: 243,
    TYPE_BOOL: 244,
    JSON: 245,
    NEWDECIMAL: 246,
    ENUM: 247,
    SET: 248,
    TINY_BLOB: 249,
    MEDIUM_BLOB: 250,
    LONG_BLOB: 251,
    BLOB: 252,
    VAR_STRING: 253,
    STRING: 254,
    GEOMETRY: 255,

    0: "DECIMAL",
    1: "TINY",
    2: "SHORT",
    3: "LONG",
    4: "FLOAT",
    5: "DOUBLE",
    6: "TYPE_NULL",
    7: "TIMESTAMP",
    8: "LONGLONG",
    9: "INT24",
    10: "DATE",
    11: "TIME",
    12: "DATETIME",
    13: "YEAR",
    14: "NEWDATE",
    15: "VARCHAR",
    16: "BIT",
    17: "TIMESTAMP2",
    18: "DATETIME2",
    19: "TIME2",
    20: "TYPED_ARRAY",
    242: "VECTOR",
    243: "INVALID",
    244: "TYPE_BOOL",
    245: "JSON",
    246: "NEWDECIMAL",
    247: "ENUM",
    248: "SET",
    249: "TINY_BLOB",
    250: "MEDIUM_BLOB",
    251: "LONG_BLOB",
    252: "BLOB",
    253: "VAR_STRING",
    254: "STRING",
    255: "GEOMETRY",
  });

  TableMapEvent.OptionalFieldType = Object.freeze({
    SIGNEDNESS: 1,
    DEFAULT_CHARSET: 2,
    COLUMN_CHARSET: 3,
    COLUMN_NAME: 4,
    SET_STR_VALUE: 5,
    ENUM_STR_VALUE: 6,
    GEOMETRY_TYPE: 7,
    SIMPLE_PRIMARY_KEY: 8,
    PRIMARY_KEY_WITH_PREFIX: 9,
    ENUM_AND_SET_DEFAULT_CHARSET: 10,
    ENUM_AND_SET_COLUMN_CHARSET: 11,
    COLUMN_VISIBILITY: 12,
    VECTOR_DIMENSIONALITY: 13,

    1: "SIGNEDNESS",
    2: "DEFAULT_CHARSET",
    3: "COLUMN_CHARSET",
    4: "COLUMN_NAME",
    5: "SET_STR_VALUE",
    6: "ENUM_STR_VALUE",
    7: "GEOMETRY_TYPE",
    8: "SIMPLE_PRIMARY_KEY",
    9: "PRIMARY_KEY_WITH_PREFIX",
    10: "ENUM_AND_SET_DEFAULT_CHARSET",
    11: "ENUM_AND_SET_COLUMN_CHARSET",
    12: "COLUMN_VISIBILITY",
    13: "VECTOR_DIMENSIONALITY",
  });

  function TableMapEvent(_io, _parent, _root, postHeaderLen) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;
    this.postHeaderLen = postHeaderLen;

    this._read();
  }
  TableMapEvent.prototype._read = function() {
    this.tableId = new MysqlTableId_.MysqlTableId(this._io, null, null, this.postHeaderLen);
    this.flags = this._io.readU2le();
    if (this.postHeaderLen > 8) {
      this.extraPostHeader = this._io.readBytes(this.postHeaderLen - 8);
    }
    this.lenSchemaName = this._io.readU1();
    this.schemaName = KaitaiStream.bytesToStr(this._io.readBytes(this.lenSchemaName), "UTF-8");
    this.schemaNameTerminator = this._io.readBytes(1);
    if (!((KaitaiStream.byteArrayCompare(this.schemaNameTerminator, new Uint8Array([0])) == 0))) {
      throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([0]), this.schemaNameTerminator, this._io, "/seq/5");
    }
    this.lenTableName = this._io.readU1();
    this.tableName = KaitaiStream.bytesToStr(this._io.readBytes(this.lenTableName), "UTF-8");
    this.tableNameTerminator = this._io.readBytes(1);
    if (!((KaitaiStream.byteArrayCompare(this.tableNameTerminator, new Uint8Array([0])) == 0))) {
      throw new KaitaiStream.ValidationNotEqualError(new Uint8Array([0]), this.tableNameTerminator, this._io, "/seq/8");
    }
    this.numColumns = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    this.columnTypes = this._io.readBytes(this.numColumns.value);
    if (this.hasMetadata) {
      this.lenMetadata = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    }
    this._raw_metadata = this._io.readBytes((this.hasMetadata ? this.lenMetadata.value : 0));
    var _io__raw_metadata = new KaitaiStream(this._raw_metadata);
    this.metadata = new FieldMetadata(_io__raw_metadata, this, this._root, this.numColumns.value, this.columnTypes, this.hasMetadata);
    if (this.hasMetadata) {
      this.nullBitmap = this._io.readBytes(Math.floor((this.numColumns.value + 7) / 8));
    }
    this._raw_optionalMetadata = this._io.readBytesFull();
    var _io__raw_optionalMetadata = new KaitaiStream(this._raw_optionalMetadata);
    this.optionalMetadata = new OptionalMetadata(_io__raw_optionalMetadata, this, this._root);
  }

  /**
   * One bit per column of the kind the field describes, most significant bit first.
   */

  var BitmapMsb = TableMapEvent.BitmapMsb = (function() {
    function BitmapMsb(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    BitmapMsb.prototype._read = function() {
      this.bitmap = this._io.readBytesFull();
    }

    return BitmapMsb;
  })();

  var CharsetException = TableMapEvent.CharsetException = (function() {
    function CharsetException(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    CharsetException.prototype._read = function() {
      this.columnIndex = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.collation = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    }

    /**
     * Index among the columns the field describes (not the table column index).
     */

    return CharsetException;
  })();

  /**
   * The metadata of one column, whose size and meaning depend on the column's logged
   * type (Field::save_field_metadata in the server): nothing for most fixed-size types;
   * 1 byte for FLOAT/DOUBLE (their size), BLOB/TEXT/GEOMETRY/JSON/VECTOR (the byte
   * count of the length prefix of their values) and TIME2/DATETIME2/TIMESTAMP2 (the
   * fractional-second precision); 2 bytes for VARCHAR (maximum length in bytes,
   * little-endian), BIT (bits of the last byte, whole bytes), NEWDECIMAL (precision,
   * scale) and STRING (real type, length).
   * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc|Source}
   * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc|Source}
   */

  var ColumnMeta = TableMapEvent.ColumnMeta = (function() {
    function ColumnMeta(_io, _parent, _root, typeCode, hasMetadata) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.typeCode = typeCode;
      this.hasMetadata = hasMetadata;

      this._read();
    }
    ColumnMeta.prototype._read = function() {
      if ( ((this.hasMetadata) && ( ((this.typeCode == TableMapEvent.FieldType.FLOAT) || (this.typeCode == TableMapEvent.FieldType.DOUBLE) || (this.typeCode == TableMapEvent.FieldType.VECTOR) || (this.typeCode == TableMapEvent.FieldType.JSON) || (this.typeCode == TableMapEvent.FieldType.TINY_BLOB) || (this.typeCode == TableMapEvent.FieldType.MEDIUM_BLOB) || (this.typeCode == TableMapEvent.FieldType.LONG_BLOB) || (this.typeCode == TableMapEvent.FieldType.BLOB) || (this.typeCode == TableMapEvent.FieldType.GEOMETRY)) )) ) {
        this.packLength = this._io.readU1();
        var _ = this.packLength;
        if (!((this.typeCode == TableMapEvent.FieldType.FLOAT ? _ == 4 : (this.typeCode == TableMapEvent.FieldType.DOUBLE ? _ == 8 :  ((_ >= 1) && (_ <= 4)) )))) {
          throw new KaitaiStream.ValidationExprError(this.packLength, this._io, "/types/column_meta/seq/0");
        }
      }
      if ( ((this.hasMetadata) && ( ((this.typeCode == TableMapEvent.FieldType.VARCHAR) || (this.typeCode == TableMapEvent.FieldType.VAR_STRING)) )) ) {
        this.maxLength = this._io.readU2le();
      }
      if ( ((this.hasMetadata) && (this.typeCode == TableMapEvent.FieldType.BIT)) ) {
        this.bitsInLastByte = this._io.readU1();
        if (!(this.bitsInLastByte <= 7)) {
          throw new KaitaiStream.ValidationGreaterThanError(7, this.bitsInLastByte, this._io, "/types/column_meta/seq/2");
        }
      }
      if ( ((this.hasMetadata) && (this.typeCode == TableMapEvent.FieldType.BIT)) ) {
        this.wholeBytes = this._io.readU1();
        if (!(this.wholeBytes <= 8)) {
          throw new KaitaiStream.ValidationGreaterThanError(8, this.wholeBytes, this._io, "/types/column_meta/seq/3");
        }
      }
      if ( ((this.hasMetadata) && (this.typeCode == TableMapEvent.FieldType.NEWDECIMAL)) ) {
        this.precision = this._io.readU1();
        if (!(this.precision >= 1)) {
          throw new KaitaiStream.ValidationLessThanError(1, this.precision, this._io, "/types/column_meta/seq/4");
        }
        if (!(this.precision <= 65)) {
          throw new KaitaiStream.ValidationGreaterThanError(65, this.precision, this._io, "/types/column_meta/seq/4");
        }
      }
      if ( ((this.hasMetadata) && (this.typeCode == TableMapEvent.FieldType.NEWDECIMAL)) ) {
        this.scale = this._io.readU1();
        var _ = this.scale;
        if (!( ((_ <= this.precision) && (_ <= 38)) )) {
          throw new KaitaiStream.ValidationExprError(this.scale, this._io, "/types/column_meta/seq/5");
        }
      }
      if ( ((this.hasMetadata) && (this.isStringFamily)) ) {
        this.realTypeByte = this._io.readU1();
        var _ = this.realTypeByte;
        if (!( (((_ | 48) == TableMapEvent.FieldType.STRING) || ((_ | 48) == TableMapEvent.FieldType.ENUM) || ((_ | 48) == TableMapEvent.FieldType.SET)) )) {
          throw new KaitaiStream.ValidationExprError(this.realTypeByte, this._io, "/types/column_meta/seq/6");
        }
      }
      if ( ((this.hasMetadata) && (this.isStringFamily)) ) {
        this.lengthByte = this._io.readU1();
      }
      if ( ((this.hasMetadata) && ( ((this.typeCode == TableMapEvent.FieldType.TIMESTAMP2) || (this.typeCode == TableMapEvent.FieldType.DATETIME2) || (this.typeCode == TableMapEvent.FieldType.TIME2)) )) ) {
        this.fsp = this._io.readU1();
        if (!(this.fsp <= 6)) {
          throw new KaitaiStream.ValidationGreaterThanError(6, this.fsp, this._io, "/types/column_meta/seq/8");
        }
      }
    }

    /**
     * BIT(n) - n.
     */
    Object.defineProperty(ColumnMeta.prototype, 'bitCount', {
      get: function() {
        if (this._m_bitCount !== undefined)
          return this._m_bitCount;
        this._m_bitCount = ( ((this.typeCode == TableMapEvent.FieldType.BIT) && (this.hasMetadata))  ? this.wholeBytes * 8 + this.bitsInLastByte : 0);
        return this._m_bitCount;
      }
    });

    /**
     * The column's values in a row image are a length, then that many bytes: strings
     * (CHAR, VARCHAR), BLOB/TEXT, JSON, GEOMETRY and VECTOR.
     */
    Object.defineProperty(ColumnMeta.prototype, 'isLengthPrefixed', {
      get: function() {
        if (this._m_isLengthPrefixed !== undefined)
          return this._m_isLengthPrefixed;
        this._m_isLengthPrefixed =  ((this.realType == TableMapEvent.FieldType.VARCHAR) || (this.realType == TableMapEvent.FieldType.VAR_STRING) || (this.realType == TableMapEvent.FieldType.STRING) || (this.realType == TableMapEvent.FieldType.TINY_BLOB) || (this.realType == TableMapEvent.FieldType.MEDIUM_BLOB) || (this.realType == TableMapEvent.FieldType.LONG_BLOB) || (this.realType == TableMapEvent.FieldType.BLOB) || (this.realType == TableMapEvent.FieldType.JSON) || (this.realType == TableMapEvent.FieldType.GEOMETRY) || (this.realType == TableMapEvent.FieldType.VECTOR)) ;
        return this._m_isLengthPrefixed;
      }
    });
    Object.defineProperty(ColumnMeta.prototype, 'isStringFamily', {
      get: function() {
        if (this._m_isStringFamily !== undefined)
          return this._m_isStringFamily;
        this._m_isStringFamily =  ((this.typeCode == TableMapEvent.FieldType.STRING) || (this.typeCode == TableMapEvent.FieldType.ENUM) || (this.typeCode == TableMapEvent.FieldType.SET)) ;
        return this._m_isStringFamily;
      }
    });

    /**
     * The size of the column's values in a row image is known (from
     * `len_length_prefix` or `len_fixed_value`): not for the pre-5.0 DECIMAL, NULL or
     * TYPED_ARRAY types, an ENUM of more than 2 or a SET of more than 8 bytes, nor a
     * type code this spec does not know. Rows of a table with such a column present
     * in an image cannot be read.
     */
    Object.defineProperty(ColumnMeta.prototype, 'isValueSizeKnown', {
      get: function() {
        if (this._m_isValueSizeKnown !== undefined)
          return this._m_isValueSizeKnown;
        this._m_isValueSizeKnown =  ((this.lenLengthPrefix > 0) || ( ((this.lenFixedValue > 0) && ( ((this.realType != TableMapEvent.FieldType.ENUM) || (this.stringLength <= 2)) ) && ( ((this.realType != TableMapEvent.FieldType.SET) || (this.stringLength <= 8)) )) )) ;
        return this._m_isValueSizeKnown;
      }
    });

    /**
     * Bytes of a NEWDECIMAL value (MySQL's decimal_bin_size): the digits on each side
     * of the point in groups of 9, 4 bytes per whole group and 1-4 bytes for the
     * remaining 1-8 digits (1 byte per 2 digits, rounded up).
     * @see {@link https://github.com/mysql/mysql-server/blob/trunk/strings/decimal.cc|Source}
     */
    Object.defineProperty(ColumnMeta.prototype, 'lenDecimalValue', {
      get: function() {
        if (this._m_lenDecimalValue !== undefined)
          return this._m_lenDecimalValue;
        if ( ((this.realType == TableMapEvent.FieldType.NEWDECIMAL) && (this.hasMetadata)) ) {
          this._m_lenDecimalValue = ((Math.floor((this.precision - this.scale) / 9) * 4 + Math.floor((KaitaiStream.mod(this.precision - this.scale, 9) + 1) / 2)) + Math.floor(this.scale / 9) * 4) + Math.floor((KaitaiStream.mod(this.scale, 9) + 1) / 2);
        }
        return this._m_lenDecimalValue;
      }
    });

    /**
     * Bytes of each of the column's values in a row image when they have no length
     * prefix: integers, FLOAT/DOUBLE, YEAR and the old temporal types by their type;
     * NEWDECIMAL by its precision and scale (`len_decimal_value`); BIT(n) n / 8
     * rounded up; ENUM/SET the value size of the metadata; TIMESTAMP2 4, DATETIME2 5
     * and TIME2 3 bytes, plus the fractional seconds (`len_fraction`). 0 for a
     * length-prefixed type (`len_length_prefix`) and for a type this spec cannot size.
     * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc|Source}
     */
    Object.defineProperty(ColumnMeta.prototype, 'lenFixedValue', {
      get: function() {
        if (this._m_lenFixedValue !== undefined)
          return this._m_lenFixedValue;
        this._m_lenFixedValue = ( ((this.realType == TableMapEvent.FieldType.TINY) || (this.realType == TableMapEvent.FieldType.YEAR))  ? 1 : (this.realType == TableMapEvent.FieldType.SHORT ? 2 : ( ((this.realType == TableMapEvent.FieldType.INT24) || (this.realType == TableMapEvent.FieldType.DATE) || (this.realType == TableMapEvent.FieldType.NEWDATE) || (this.realType == TableMapEvent.FieldType.TIME))  ? 3 : ( ((this.realType == TableMapEvent.FieldType.LONG) || (this.realType == TableMapEvent.FieldType.FLOAT) || (this.realType == TableMapEvent.FieldType.TIMESTAMP))  ? 4 : ( ((this.realType == TableMapEvent.FieldType.LONGLONG) || (this.realType == TableMapEvent.FieldType.DOUBLE) || (this.realType == TableMapEvent.FieldType.DATETIME))  ? 8 : (!(this.hasMetadata) ? 0 : (this.realType == TableMapEvent.FieldType.NEWDECIMAL ? this.lenDecimalValue : (this.realType == TableMapEvent.FieldType.BIT ? Math.floor((this.bitCount + 7) / 8) : ( ((this.realType == TableMapEvent.FieldType.ENUM) || (this.realType == TableMapEvent.FieldType.SET))  ? this.stringLength : (this.realType == TableMapEvent.FieldType.TIMESTAMP2 ? 4 + this.lenFraction : (this.realType == TableMapEvent.FieldType.DATETIME2 ? 5 + this.lenFraction : (this.realType == TableMapEvent.FieldType.TIME2 ? 3 + this.lenFraction : 0))))))))))));
        return this._m_lenFixedValue;
      }
    });

    /**
     * Bytes of the fractional seconds of a TIMESTAMP2/DATETIME2/TIME2 value: 1 per 2
     * digits of `fsp`, rounded up.
     */
    Object.defineProperty(ColumnMeta.prototype, 'lenFraction', {
      get: function() {
        if (this._m_lenFraction !== undefined)
          return this._m_lenFraction;
        if ( (( ((this.hasMetadata) && (this.realType == TableMapEvent.FieldType.TIMESTAMP2)) ) || (this.realType == TableMapEvent.FieldType.DATETIME2) || (this.realType == TableMapEvent.FieldType.TIME2)) ) {
          this._m_lenFraction = Math.floor((this.fsp + 1) / 2);
        }
        return this._m_lenFraction;
      }
    });

    /**
     * Bytes of the little-endian length in front of each of the column's values in a
     * row image: 1 or 2 for VARCHAR/VAR_STRING/CHAR (1 when the maximum length in
     * bytes is below 256), the metadata's pack length (1-4) for BLOB/TEXT, JSON,
     * GEOMETRY and VECTOR; 0 for a type whose values have a fixed size
     * (`len_fixed_value`).
     * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc|Source}
     */
    Object.defineProperty(ColumnMeta.prototype, 'lenLengthPrefix', {
      get: function() {
        if (this._m_lenLengthPrefix !== undefined)
          return this._m_lenLengthPrefix;
        this._m_lenLengthPrefix = (this.realType == TableMapEvent.FieldType.STRING ? (this.stringLength < 256 ? 1 : 2) : (!(this.hasMetadata) ? 0 : ( ((this.realType == TableMapEvent.FieldType.VARCHAR) || (this.realType == TableMapEvent.FieldType.VAR_STRING))  ? (this.maxLength < 256 ? 1 : 2) : (this.isLengthPrefixed ? this.packLength : 0))));
        return this._m_lenLengthPrefix;
      }
    });

    /**
     * The column's real `field_type`: ENUM (247) or SET (248) for those columns logged
     * as STRING, otherwise the logged type.
     */
    Object.defineProperty(ColumnMeta.prototype, 'realType', {
      get: function() {
        if (this._m_realType !== undefined)
          return this._m_realType;
        this._m_realType = ( ((this.isStringFamily) && (this.hasMetadata))  ? this.realTypeByte | 48 : this.typeCode);
        return this._m_realType;
      }
    });

    /**
     * STRING maximum length in bytes; ENUM/SET value size.
     */
    Object.defineProperty(ColumnMeta.prototype, 'stringLength', {
      get: function() {
        if (this._m_stringLength !== undefined)
          return this._m_stringLength;
        this._m_stringLength = ( ((this.isStringFamily) && (this.hasMetadata))  ? this.lengthByte | (this.realTypeByte & 48 ^ 48) << 4 : 0);
        return this._m_stringLength;
      }
    });

    /**
     * FLOAT/DOUBLE: the value size (4 or 8). BLOB family, GEOMETRY, JSON, VECTOR: how
     * many bytes (1-4) the length prefix of each value takes.
     */

    /**
     * VARCHAR / VAR_STRING maximum length in bytes (below 256 -> 1-byte length prefix).
     */

    /**
     * BIT(n) - n % 8.
     */

    /**
     * BIT(n) - n / 8 (BIT holds at most 64 bits).
     */

    /**
     * NEWDECIMAL precision (total digits, at most 65).
     */

    /**
     * NEWDECIMAL scale (digits after the point): at most the precision, and 30 in
     * MySQL, 38 in MariaDB.
     */

    /**
     * STRING/ENUM/SET: the real type (STRING, ENUM or SET), with bits 4-5 inverted
     * to carry bits 8-9 of the length of a CHAR column longer than 255 bytes.
     */

    /**
     * STRING: low 8 bits of the maximum length in bytes. ENUM: value size (1 or 2).
     * SET: value size (1-8).
     */

    /**
     * TIMESTAMP2/DATETIME2/TIME2 fractional-second precision (0-6).
     */

    /**
     * The column's `field_type` code in `column_types`.
     */

    /**
     * The table map has a metadata block; without it, nothing is read and only the
     * sizes the type alone gives are known (CHAR taken as up to 255 bytes).
     */

    return ColumnMeta;
  })();

  var ColumnName = TableMapEvent.ColumnName = (function() {
    function ColumnName(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ColumnName.prototype._read = function() {
      this.length = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.name = KaitaiStream.bytesToStr(this._io.readBytes(this.length.value), "UTF-8");
    }

    return ColumnName;
  })();

  var ColumnNames = TableMapEvent.ColumnNames = (function() {
    function ColumnNames(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    ColumnNames.prototype._read = function() {
      this.names = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.names.push(new ColumnName(this._io, this, this._root));
        i++;
      }
    }

    return ColumnNames;
  })();

  /**
   * The most common collation of the columns the field describes, then the columns
   * (index among those columns) whose collation differs.
   */

  var DefaultCharset = TableMapEvent.DefaultCharset = (function() {
    function DefaultCharset(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    DefaultCharset.prototype._read = function() {
      this.defaultCollation = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.exceptions = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.exceptions.push(new CharsetException(this._io, this, this._root));
        i++;
      }
    }

    return DefaultCharset;
  })();

  /**
   * The per-column metadata block, read column by column according to the types.
   * @see {@link https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc|Source}
   */

  var FieldMetadata = TableMapEvent.FieldMetadata = (function() {
    function FieldMetadata(_io, _parent, _root, numColumns, columnTypes, hasMetadata) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.numColumns = numColumns;
      this.columnTypes = columnTypes;
      this.hasMetadata = hasMetadata;

      this._read();
    }
    FieldMetadata.prototype._read = function() {
      this.columnMetas = [];
      for (var i = 0; i < this.numColumns; i++) {
        this.columnMetas.push(new ColumnMeta(this._io, this, this._root, this.columnTypes[i], this.hasMetadata));
      }
    }

    /**
     * The table map has its metadata block (see `has_metadata` there).
     */

    return FieldMetadata;
  })();

  var KeyPrefix = TableMapEvent.KeyPrefix = (function() {
    function KeyPrefix(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    KeyPrefix.prototype._read = function() {
      this.columnIndex = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.prefixLength = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
    }

    /**
     * Length of the indexed prefix in characters, 0 for the whole column.
     */

    return KeyPrefix;
  })();

  var KeyPrefixes = TableMapEvent.KeyPrefixes = (function() {
    function KeyPrefixes(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    KeyPrefixes.prototype._read = function() {
      this.parts = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.parts.push(new KeyPrefix(this._io, this, this._root));
        i++;
      }
    }

    return KeyPrefixes;
  })();

  /**
   * The values of a TIMESTAMP(n), DATETIME(n) or TIME(n) column with n > 0 as MariaDB 5.3
   * to 10.0 log them (and later MariaDB with mysql56_temporal_format=OFF): under the old
   * type code (TIMESTAMP, DATETIME, TIME) and with no metadata, so the table map cannot
   * tell them from the old whole-second values; `fsp` comes from the table's definition.
   * All are big-endian. TIMESTAMP: 4 bytes of seconds since the epoch, then the
   * microseconds divided by 10^(6-n) in `len_fraction` bytes. DATETIME: one number,
   * MariaDB's packed time ((((((year * 13 + month) * 32 + day) * 24 + hour) * 60 +
   * minute) * 60 + second) * 10^6 + microseconds) divided by 10^(6-n). TIME: the same
   * number of hours, minutes, seconds and microseconds, negative for a negative time,
   * divided by 10^(6-n) and offset by `time_zero_point` so that it is never negative.
   * Used with params only: no byte of the event is read.
   * @see {@link https://github.com/MariaDB/server/blob/10.0/sql/field.cc|Source}
   * @see {@link https://github.com/MariaDB/server/blob/10.0/sql-common/my_time.c|Source}
   */

  var MariadbHiresTemporal = TableMapEvent.MariadbHiresTemporal = (function() {
    function MariadbHiresTemporal(_io, _parent, _root, typeCode, fsp) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.typeCode = typeCode;
      this.fsp = fsp;

      this._read();
    }
    MariadbHiresTemporal.prototype._read = function() {
    }

    /**
     * Bytes of a DATETIME(n) value by n (MariaDB's datetime_hires_bytes).
     */
    Object.defineProperty(MariadbHiresTemporal.prototype, 'lenDatetimeValues', {
      get: function() {
        if (this._m_lenDatetimeValues !== undefined)
          return this._m_lenDatetimeValues;
        this._m_lenDatetimeValues = new Uint8Array([5, 6, 6, 7, 7, 7, 8]);
        return this._m_lenDatetimeValues;
      }
    });

    /**
     * Bytes of a TIMESTAMP(n)'s fraction (MariaDB's sec_part_bytes).
     */
    Object.defineProperty(MariadbHiresTemporal.prototype, 'lenFraction', {
      get: function() {
        if (this._m_lenFraction !== undefined)
          return this._m_lenFraction;
        this._m_lenFraction = Math.floor((this.fsp + 1) / 2);
        return this._m_lenFraction;
      }
    });

    /**
     * Bytes of a TIME(n) value by n (MariaDB's time_hires_bytes).
     */
    Object.defineProperty(MariadbHiresTemporal.prototype, 'lenTimeValues', {
      get: function() {
        if (this._m_lenTimeValues !== undefined)
          return this._m_lenTimeValues;
        this._m_lenTimeValues = new Uint8Array([3, 4, 4, 5, 5, 5, 6]);
        return this._m_lenTimeValues;
      }
    });

    /**
     * Bytes of each value in a row image.
     */
    Object.defineProperty(MariadbHiresTemporal.prototype, 'lenValue', {
      get: function() {
        if (this._m_lenValue !== undefined)
          return this._m_lenValue;
        this._m_lenValue = (this.typeCode == TableMapEvent.FieldType.TIMESTAMP ? 4 + this.lenFraction : (this.typeCode == TableMapEvent.FieldType.DATETIME ? this.lenDatetimeValues[this.fsp] : (this.typeCode == TableMapEvent.FieldType.TIME ? this.lenTimeValues[this.fsp] : 0)));
        return this._m_lenValue;
      }
    });

    /**
     * A TIME value's offset, in seconds (838:59:59 plus one second), itself scaled to
     * the column's digits: 3020400 * 10^n.
     */
    Object.defineProperty(MariadbHiresTemporal.prototype, 'timeZeroPoint', {
      get: function() {
        if (this._m_timeZeroPoint !== undefined)
          return this._m_timeZeroPoint;
        this._m_timeZeroPoint = 3020400;
        return this._m_timeZeroPoint;
      }
    });

    /**
     * The column's `field_type` code (TIMESTAMP, DATETIME or TIME).
     */

    /**
     * Fractional-second digits of the column (1-6), from its definition.
     */

    return MariadbHiresTemporal;
  })();

  var OptionalField = TableMapEvent.OptionalField = (function() {
    function OptionalField(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    OptionalField.prototype._read = function() {
      this.fieldType = this._io.readU1();
      this.length = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      switch (this.fieldType) {
      case TableMapEvent.OptionalFieldType.COLUMN_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.COLUMN_NAME:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new ColumnNames(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.COLUMN_VISIBILITY:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new BitmapMsb(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.DEFAULT_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new DefaultCharset(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.ENUM_AND_SET_COLUMN_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.ENUM_AND_SET_DEFAULT_CHARSET:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new DefaultCharset(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.ENUM_STR_VALUE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new StrValueLists(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.GEOMETRY_TYPE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.PRIMARY_KEY_WITH_PREFIX:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new KeyPrefixes(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.SET_STR_VALUE:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new StrValueLists(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.SIGNEDNESS:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new BitmapMsb(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.SIMPLE_PRIMARY_KEY:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        break;
      case TableMapEvent.OptionalFieldType.VECTOR_DIMENSIONALITY:
        this._raw_value = this._io.readBytes(this.length.value);
        var _io__raw_value = new KaitaiStream(this._raw_value);
        this.value = new PackedIntList(_io__raw_value, this, this._root);
        break;
      default:
        this.value = this._io.readBytes(this.length.value);
        break;
      }
    }

    /**
     * Raw bytes for a field type this spec does not know.
     */

    return OptionalField;
  })();

  /**
   * Typed-length-value fields until the end of the event body.
   * @see {@link https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html|Source}
   */

  var OptionalMetadata = TableMapEvent.OptionalMetadata = (function() {
    function OptionalMetadata(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    OptionalMetadata.prototype._read = function() {
      this.fields = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.fields.push(new OptionalField(this._io, this, this._root));
        i++;
      }
    }

    return OptionalMetadata;
  })();

  /**
   * One packed integer per column of the kind the field describes: a collation id
   * (COLUMN_CHARSET, ENUM_AND_SET_COLUMN_CHARSET), a `geometry_type`
   * (GEOMETRY_TYPE), a dimension count (VECTOR_DIMENSIONALITY); or the column indexes
   * of the primary key (SIMPLE_PRIMARY_KEY).
   */

  var PackedIntList = TableMapEvent.PackedIntList = (function() {
    function PackedIntList(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    PackedIntList.prototype._read = function() {
      this.items = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.items.push(new MysqlPackedInt_.MysqlPackedInt(this._io, null, null));
        i++;
      }
    }

    return PackedIntList;
  })();

  var StrValue = TableMapEvent.StrValue = (function() {
    function StrValue(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StrValue.prototype._read = function() {
      this.lenValue = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.value = this._io.readBytes(this.lenValue.value);
    }

    /**
     * The label, in the column's character set (kept as bytes).
     */

    return StrValue;
  })();

  var StrValueList = TableMapEvent.StrValueList = (function() {
    function StrValueList(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StrValueList.prototype._read = function() {
      this.numValues = new MysqlPackedInt_.MysqlPackedInt(this._io, null, null);
      this.values = [];
      for (var i = 0; i < this.numValues.value; i++) {
        this.values.push(new StrValue(this._io, this, this._root));
      }
    }

    return StrValueList;
  })();

  /**
   * For each ENUM (or SET) column, its labels in definition order.
   */

  var StrValueLists = TableMapEvent.StrValueLists = (function() {
    function StrValueLists(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    StrValueLists.prototype._read = function() {
      this.columns = [];
      var i = 0;
      while (!this._io.isEof()) {
        this.columns.push(new StrValueList(this._io, this, this._root));
        i++;
      }
    }

    return StrValueLists;
  })();

  /**
   * One `column_meta` per column, in column order.
   */
  Object.defineProperty(TableMapEvent.prototype, 'columnMetas', {
    get: function() {
      if (this._m_columnMetas !== undefined)
        return this._m_columnMetas;
      this._m_columnMetas = this.metadata.columnMetas;
      return this._m_columnMetas;
    }
  });

  /**
   * Everything after the post-header (names, types, metadata, null bitmap, optional
   * metadata): the table's description. A table map repeated in every transaction has
   * the same definition, whatever its table id, so readers can describe each table once.
   */
  Object.defineProperty(TableMapEvent.prototype, 'definition', {
    get: function() {
      if (this._m_definition !== undefined)
        return this._m_definition;
      var _pos = this._io.pos;
      this._io.seek(this.postHeaderLen);
      this._m_definition = this._io.readBytesFull();
      this._io.seek(_pos);
      return this._m_definition;
    }
  });

  /**
   * The body goes on after the column types. MySQL 5.1.15 to 5.1.17 (and earlier 5.1
   * builds) end it there: no metadata and no null bitmap, so the values of a column
   * whose size its metadata gives (VARCHAR, BLOB, DECIMAL, BIT, ENUM/SET, the fsp
   * types) cannot be sized. MySQL reads it so too: metadata when bytes are left.
   * @see {@link https://github.com/mysql/mysql-server/blob/5.1/sql/log_event.cc|Source}
   */
  Object.defineProperty(TableMapEvent.prototype, 'hasMetadata', {
    get: function() {
      if (this._m_hasMetadata !== undefined)
        return this._m_hasMetadata;
      this._m_hasMetadata = this._io.size > this.ofsLenMetadata;
      return this._m_hasMetadata;
    }
  });

  /**
   * Where `len_metadata` starts, after the column types.
   */
  Object.defineProperty(TableMapEvent.prototype, 'ofsLenMetadata', {
    get: function() {
      if (this._m_ofsLenMetadata !== undefined)
        return this._m_ofsLenMetadata;
      this._m_ofsLenMetadata = ((((this.postHeaderLen + this.lenSchemaName) + this.lenTableName) + 4) + (this.numColumns.first < 251 ? 1 : (this.numColumns.first == 252 ? 3 : (this.numColumns.first == 253 ? 4 : 9)))) + this.numColumns.value;
      return this._m_ofsLenMetadata;
    }
  });

  /**
   * One `field_type` code per column, as the server logs it (its "binlog type"): ENUM
   * and SET columns appear as STRING, every BLOB/TEXT size as BLOB; the real type is in
   * the column's metadata (`column_metas[i].real_type`).
   */

  /**
   * 0, 1 or 2 bytes per column depending on its type (lengths, precision, fsp...);
   * without `has_metadata`, no bytes, but still a `column_meta` per column.
   */

  /**
   * Bit i (least significant bit first) set when column i is nullable.
   */

  /**
   * The binlog_row_metadata fields (MySQL >= 8.0.1, MariaDB >= 10.5), one after another
   * until the end of the body; empty in older servers' events.
   */

  /**
   * 8 (6-byte table id + flags), or 6 in early 5.1 servers with a 4-byte table id.
   */

  return TableMapEvent;
})();
TableMapEvent_.TableMapEvent = TableMapEvent;
});
