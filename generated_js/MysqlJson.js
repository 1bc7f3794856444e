// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports', 'kaitai-struct/KaitaiStream'], factory);
  } else if (typeof exports === 'object' && exports !== null && typeof exports.nodeType !== 'number') {
    factory(exports, require('kaitai-struct/KaitaiStream'));
  } else {
    factory(root.MysqlJson || (root.MysqlJson = {}), root.KaitaiStream);
  }
})(typeof self !== 'undefined' ? self : this, function (MysqlJson_, KaitaiStream) {
/**
 * MySQL stores JSON column values in its own binary format, and the binary log carries
 * that same format: as the column value in row images (after the column's length
 * prefix) and as the values inside PARTIAL_UPDATE_ROWS JSON diffs.
 * 
 * A document is one type byte followed by the value. Objects and arrays start with an
 * element count and their total byte size, then a table of fixed-size entries (key
 * entries, for objects, then value entries), then the keys and values the entries point
 * to. Pointers are offsets counted from the first byte after the container's type byte
 * (its element count), so every container is read from its own start. Small containers
 * use 2-byte counts, sizes and offsets, large ones (needed once a container exceeds
 * 64 KiB) 4-byte ones. Literals and small integers are stored inside the value entry
 * itself ("inlined") instead of at an offset: in small containers literal, int16 and
 * uint16; in large containers also int32 and uint32.
 * 
 * A zero-length value is what MySQL reads as the JSON null literal (a column added by
 * ALTER TABLE without a default can hold it); this spec then reads nothing and
 * `is_empty` is true.
 * 
 * Strings are utf8mb4 and object keys too, but both are kept as bytes here: they are
 * user data, decoding is left to the reader. 64-bit integers are kept as their 8 raw
 * little-endian bytes so that every target language can rebuild them exactly.
 * @see {@link https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.h|Source}
 * @see {@link https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.cc|Source}
 * @see {@link https://dev.mysql.com/doc/refman/8.0/en/json.html|Source}
 */

var MysqlJson = (function() {
  MysqlJson.FieldType = Object.freeze({
    DECIMAL: 0,
    TINY: 1,
    SHORT: 2,
    LONG: 3,
    FLOAT: 4,
    DOUBLE: 5,
    NULL_TYPE: 6,
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
    BOOL: 244,
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
    6: "NULL_TYPE",
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
    244: "BOOL",
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

  MysqlJson.Literal = Object.freeze({
    NULL_LITERAL: 0,
    TRUE_LITERAL: 1,
    FALSE_LITERAL: 2,

    0: "NULL_LITERAL",
    1: "TRUE_LITERAL",
    2: "FALSE_LITERAL",
  });

  MysqlJson.ValueType = Object.freeze({
    SMALL_OBJECT: 0,
    LARGE_OBJECT: 1,
    SMALL_ARRAY: 2,
    LARGE_ARRAY: 3,
    LITERAL: 4,
    INT16: 5,
    UINT16: 6,
    INT32: 7,
    UINT32: 8,
    INT64: 9,
    UINT64: 10,
    DOUBLE: 11,
    STRING: 12,
    OPAQUE: 15,

    0: "SMALL_OBJECT",
    1: "LARGE_OBJECT",
    2: "SMALL_ARRAY",
    3: "LARGE_ARRAY",
    4: "LITERAL",
    5: "INT16",
    6: "UINT16",
    7: "INT32",
    8: "UINT32",
    9: "INT64",
    10: "UINT64",
    11: "DOUBLE",
    12: "STRING",
    15: "OPAQUE",
  });

  function MysqlJson(_io, _parent, _root) {
    this._io = _io;
    this._parent = _parent;
    this._root = _root || this;

    this._read();
  }
  MysqlJson.prototype._read = function() {
    if (!(this.isEmpty)) {
      this.typeCode = this._io.readU1();
    }
    if (!(this.isEmpty)) {
      this.value = new Value(this._io, this, this._root, this.typeCode);
    }
  }

  /**
   * A JSON object or array. Its stream starts at the element count; the offsets inside
   * it count from there, so the part after the two header fields is read as its own
   * substream of `size` minus the header bytes and every offset is shifted by the
   * header width.
   */

  var Container = MysqlJson.Container = (function() {
    function Container(_io, _parent, _root, isObject, isLarge) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isObject = isObject;
      this.isLarge = isLarge;

      this._read();
    }
    Container.prototype._read = function() {
      switch (this.isLarge) {
      case false:
        this.numElements = this._io.readU2le();
        break;
      case true:
        this.numElements = this._io.readU4le();
        break;
      }
      switch (this.isLarge) {
      case false:
        this.size = this._io.readU2le();
        break;
      case true:
        this.size = this._io.readU4le();
        break;
      }
      if (!(this.size >= this.headerWidth)) {
        throw new KaitaiStream.ValidationLessThanError(this.headerWidth, this.size, this._io, "/types/container/seq/1");
      }
      this._raw_body = this._io.readBytes(this.size - this.headerWidth);
      var _io__raw_body = new KaitaiStream(this._raw_body);
      this.body = new ContainerBody(_io__raw_body, this, this._root, this.isObject, this.isLarge, this.numElements);
    }

    /**
     * Bytes taken by `num_elements` and `size`.
     */
    Object.defineProperty(Container.prototype, 'headerWidth', {
      get: function() {
        if (this._m_headerWidth !== undefined)
          return this._m_headerWidth;
        this._m_headerWidth = (this.isLarge ? 8 : 4);
        return this._m_headerWidth;
      }
    });

    /**
     * Number of members (object) or elements (array).
     */

    /**
     * Bytes in the whole container, counting from `num_elements`.
     */

    /**
     * 4-byte counts, sizes and offsets (types 0x01, 0x03) instead of 2-byte ones.
     */

    return Container;
  })();

  /**
   * Everything of a container after its two header fields: the key entries (objects
   * only), the value entries, and the keys and values they point to. Members of an
   * object are sorted by key length, then by key bytes.
   */

  var ContainerBody = MysqlJson.ContainerBody = (function() {
    function ContainerBody(_io, _parent, _root, isObject, isLarge, numElements) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isObject = isObject;
      this.isLarge = isLarge;
      this.numElements = numElements;

      this._read();
    }
    ContainerBody.prototype._read = function() {
      if (this.isObject) {
        this.keyEntries = [];
        for (var i = 0; i < this.numElements; i++) {
          this.keyEntries.push(new KeyEntry(this._io, this, this._root, this.isLarge));
        }
      }
      this.valueEntries = [];
      for (var i = 0; i < this.numElements; i++) {
        this.valueEntries.push(new ValueEntry(this._io, this, this._root, this.isLarge));
      }
    }

    return ContainerBody;
  })();

  /**
   * A JSON string (type 0x0c): its byte length, then the utf8mb4 bytes.
   */

  var JsonString = MysqlJson.JsonString = (function() {
    function JsonString(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    JsonString.prototype._read = function() {
      this.length = new VarUint(this._io, this, this._root);
      this.value = this._io.readBytes(this.length.value);
    }

    return JsonString;
  })();

  /**
   * Where one object key is stored.
   */

  var KeyEntry = MysqlJson.KeyEntry = (function() {
    function KeyEntry(_io, _parent, _root, isLarge) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isLarge = isLarge;

      this._read();
    }
    KeyEntry.prototype._read = function() {
      switch (this.isLarge) {
      case false:
        this.keyOffset = this._io.readU2le();
        break;
      case true:
        this.keyOffset = this._io.readU4le();
        break;
      }
      this.lenKey = this._io.readU2le();
    }

    /**
     * The key, utf8mb4 bytes.
     */
    Object.defineProperty(KeyEntry.prototype, 'key', {
      get: function() {
        if (this._m_key !== undefined)
          return this._m_key;
        var _pos = this._io.pos;
        this._io.seek(this.keyOffset - (this.isLarge ? 8 : 4));
        this._m_key = this._io.readBytes(this.lenKey);
        this._io.seek(_pos);
        return this._m_key;
      }
    });

    /**
     * Offset of the key bytes from the container's start.
     */

    return KeyEntry;
  })();

  /**
   * A MySQL value of a type JSON has no own form for (type 0x0f): the MySQL field type,
   * the byte length, then the bytes. DECIMAL (246) holds precision, scale, then the
   * binary DECIMAL column format; DATE (10), TIME (11), DATETIME (12) and
   * TIMESTAMP (7) hold one 8-byte little-endian packed temporal value; VAR_STRING (253)
   * is shown by MySQL as a plain string; others (BLOB, BIT, YEAR, GEOMETRY...) are raw
   * bytes MySQL prints as "base64:type<N>:<base64 data>".
   * @see {@link https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_dom.cc|Source}
   */

  var Opaque = MysqlJson.Opaque = (function() {
    function Opaque(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    Opaque.prototype._read = function() {
      this.fieldType = this._io.readU1();
      this.length = new VarUint(this._io, this, this._root);
      this.data = this._io.readBytes(this.length.value);
    }

    return Opaque;
  })();

  /**
   * One JSON value whose type code is known from outside (the document's type byte or
   * a container's value entry), read from the current position of the stream. Exactly
   * one of the fields is present, chosen by `type_code`.
   */

  var Value = MysqlJson.Value = (function() {
    function Value(_io, _parent, _root, typeCode) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.typeCode = typeCode;

      this._read();
    }
    Value.prototype._read = function() {
      if (this.typeCode <= 3) {
        this.container = new Container(this._io, this, this._root,  ((this.typeCode == 0) || (this.typeCode == 1)) ,  ((this.typeCode == 1) || (this.typeCode == 3)) );
      }
      if (this.typeCode == 4) {
        this.literal = this._io.readU1();
      }
      if ( ((this.typeCode == 5) || (this.typeCode == 7)) ) {
        switch (this.typeCode) {
        case 5:
          this.intValue = this._io.readS2le();
          break;
        case 7:
          this.intValue = this._io.readS4le();
          break;
        }
      }
      if ( ((this.typeCode == 6) || (this.typeCode == 8)) ) {
        switch (this.typeCode) {
        case 6:
          this.uintValue = this._io.readU2le();
          break;
        case 8:
          this.uintValue = this._io.readU4le();
          break;
        }
      }
      if (this.typeCode == 9) {
        this.int64Bytes = this._io.readBytes(8);
      }
      if (this.typeCode == 10) {
        this.uint64Bytes = this._io.readBytes(8);
      }
      if (this.typeCode == 11) {
        this.doubleValue = this._io.readF8le();
      }
      if (this.typeCode == 12) {
        this.string = new JsonString(this._io, this, this._root);
      }
      if (this.typeCode == 15) {
        this.opaque = new Opaque(this._io, this, this._root);
      }
      if (!(this.isKnownType)) {
        this.unknown = this._io.readBytesFull();
      }
    }
    Object.defineProperty(Value.prototype, 'isKnownType', {
      get: function() {
        if (this._m_isKnownType !== undefined)
          return this._m_isKnownType;
        this._m_isKnownType =  ((this.typeCode <= 12) || (this.typeCode == 15)) ;
        return this._m_isKnownType;
      }
    });
    Object.defineProperty(Value.prototype, 'jsonType', {
      get: function() {
        if (this._m_jsonType !== undefined)
          return this._m_jsonType;
        this._m_jsonType = this.typeCode;
        return this._m_jsonType;
      }
    });

    /**
     * Object or array (small or large form).
     */

    /**
     * int16 or int32.
     */

    /**
     * uint16 or uint32.
     */

    /**
     * Signed 64-bit integer as 8 little-endian bytes (kept raw for exactness).
     */

    /**
     * Unsigned 64-bit integer as 8 little-endian bytes (kept raw for exactness).
     */

    /**
     * IEEE 754 double, little-endian.
     */

    /**
     * Everything left in the stream, for a type code this spec does not know.
     */

    /**
     * A `value_type` code.
     */

    return Value;
  })();

  /**
   * Type of one member or element and either the value itself (inlined) or its offset
   * from the container's start. `value` gives the value either way.
   */

  var ValueEntry = MysqlJson.ValueEntry = (function() {
    function ValueEntry(_io, _parent, _root, isLarge) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;
      this.isLarge = isLarge;

      this._read();
    }
    ValueEntry.prototype._read = function() {
      this.typeCode = this._io.readU1();
      if (this.isInlined) {
        this._raw_inlined = this._io.readBytes((this.isLarge ? 4 : 2));
        var _io__raw_inlined = new KaitaiStream(this._raw_inlined);
        this.inlined = new Value(_io__raw_inlined, this, this._root, this.typeCode);
      }
      if (!(this.isInlined)) {
        switch (this.isLarge) {
        case false:
          this.offset = this._io.readU2le();
          break;
        case true:
          this.offset = this._io.readU4le();
          break;
        }
      }
    }
    Object.defineProperty(ValueEntry.prototype, 'atOffset', {
      get: function() {
        if (this._m_atOffset !== undefined)
          return this._m_atOffset;
        if (!(this.isInlined)) {
          var _pos = this._io.pos;
          this._io.seek(this.offset - (this.isLarge ? 8 : 4));
          this._m_atOffset = new Value(this._io, this, this._root, this.typeCode);
          this._io.seek(_pos);
        }
        return this._m_atOffset;
      }
    });
    Object.defineProperty(ValueEntry.prototype, 'isInlined', {
      get: function() {
        if (this._m_isInlined !== undefined)
          return this._m_isInlined;
        this._m_isInlined =  ((this.typeCode == MysqlJson.ValueType.LITERAL) || (this.typeCode == MysqlJson.ValueType.INT16) || (this.typeCode == MysqlJson.ValueType.UINT16) || ( ((this.isLarge) && ( ((this.typeCode == MysqlJson.ValueType.INT32) || (this.typeCode == MysqlJson.ValueType.UINT32)) )) )) ;
        return this._m_isInlined;
      }
    });

    /**
     * The value, whether inlined or stored at an offset.
     */
    Object.defineProperty(ValueEntry.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._m_value = (this.isInlined ? this.inlined : this.atOffset);
        return this._m_value;
      }
    });

    /**
     * The value, stored in the entry's offset field.
     */

    /**
     * Offset of the value from the container's start.
     */

    return ValueEntry;
  })();

  /**
   * Unsigned length of up to 5 bytes holding 7 bits each, least significant group
   * first; a set high bit means another byte follows. MySQL never writes values above
   * 2^32 - 1 and its reader gives up after 5 bytes; so does this one.
   */

  var VarUint = MysqlJson.VarUint = (function() {
    function VarUint(_io, _parent, _root) {
      this._io = _io;
      this._parent = _parent;
      this._root = _root;

      this._read();
    }
    VarUint.prototype._read = function() {
      this.group0 = this._io.readU1();
      if (this.hasGroup1) {
        this.group1 = this._io.readU1();
      }
      if (this.hasGroup2) {
        this.group2 = this._io.readU1();
      }
      if (this.hasGroup3) {
        this.group3 = this._io.readU1();
      }
      if (this.hasGroup4) {
        this.group4 = this._io.readU1();
      }
    }
    Object.defineProperty(VarUint.prototype, 'hasGroup1', {
      get: function() {
        if (this._m_hasGroup1 !== undefined)
          return this._m_hasGroup1;
        this._m_hasGroup1 = this.group0 >= 128;
        return this._m_hasGroup1;
      }
    });
    Object.defineProperty(VarUint.prototype, 'hasGroup2', {
      get: function() {
        if (this._m_hasGroup2 !== undefined)
          return this._m_hasGroup2;
        this._m_hasGroup2 =  ((this.hasGroup1) && (this.group1 >= 128)) ;
        return this._m_hasGroup2;
      }
    });
    Object.defineProperty(VarUint.prototype, 'hasGroup3', {
      get: function() {
        if (this._m_hasGroup3 !== undefined)
          return this._m_hasGroup3;
        this._m_hasGroup3 =  ((this.hasGroup2) && (this.group2 >= 128)) ;
        return this._m_hasGroup3;
      }
    });
    Object.defineProperty(VarUint.prototype, 'hasGroup4', {
      get: function() {
        if (this._m_hasGroup4 !== undefined)
          return this._m_hasGroup4;
        this._m_hasGroup4 =  ((this.hasGroup3) && (this.group3 >= 128)) ;
        return this._m_hasGroup4;
      }
    });

    /**
     * The decoded length.
     */
    Object.defineProperty(VarUint.prototype, 'value', {
      get: function() {
        if (this._m_value !== undefined)
          return this._m_value;
        this._m_value = ((((this.group0 & 127) + (this.hasGroup1 ? (this.group1 & 127) * 128 : 0)) + (this.hasGroup2 ? (this.group2 & 127) * 16384 : 0)) + (this.hasGroup3 ? (this.group3 & 127) * 2097152 : 0)) + (this.hasGroup4 ? (this.group4 & 127) * 268435456 : 0);
        return this._m_value;
      }
    });

    return VarUint;
  })();

  /**
   * True for a zero-length value, which MySQL treats as the JSON null literal.
   */
  Object.defineProperty(MysqlJson.prototype, 'isEmpty', {
    get: function() {
      if (this._m_isEmpty !== undefined)
        return this._m_isEmpty;
      this._m_isEmpty = this._io.size == 0;
      return this._m_isEmpty;
    }
  });

  /**
   * Type of the top-level value.
   */

  return MysqlJson;
})();
MysqlJson_.MysqlJson = MysqlJson;
});
