# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlJson(KaitaiStruct):
    """MySQL stores JSON column values in its own binary format, and the binary log carries
    that same format: as the column value in row images (after the column's length
    prefix) and as the values inside PARTIAL_UPDATE_ROWS JSON diffs.
    
    A document is one type byte followed by the value. Objects and arrays start with an
    element count and their total byte size, then a table of fixed-size entries (key
    entries, for objects, then value entries), then the keys and values the entries point
    to. Pointers are offsets counted from the first byte after the container's type byte
    (its element count), so every container is read from its own start. Small containers
    use 2-byte counts, sizes and offsets, large ones (needed once a container exceeds
    64 KiB) 4-byte ones. Literals and small integers are stored inside the value entry
    itself ("inlined") instead of at an offset: in small containers literal, int16 and
    uint16; in large containers also int32 and uint32.
    
    A zero-length value is what MySQL reads as the JSON null literal (a column added by
    ALTER TABLE without a default can hold it); this spec then reads nothing and
    `is_empty` is true.
    
    Strings are utf8mb4 and object keys too, but both are kept as bytes here: they are
    user data, decoding is left to the reader. 64-bit integers are kept as their 8 raw
    little-endian bytes so that every target language can rebuild them exactly.
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.h
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.cc
    
    
    .. seealso::
       Source - https://dev.mysql.com/doc/refman/8.0/en/json.html
    """

    class FieldType(IntEnum):
        decimal = 0
        tiny = 1
        short = 2
        long = 3
        float = 4
        double = 5
        null_type = 6
        timestamp = 7
        longlong = 8
        int24 = 9
        date = 10
        time = 11
        datetime = 12
        year = 13
        newdate = 14
        varchar = 15
        bit = 16
        timestamp2 = 17
        datetime2 = 18
        time2 = 19
        typed_array = 20
        vector = 242
        invalid = 243
        bool = 244
        json = 245
        newdecimal = 246
        enum = 247
        set = 248
        tiny_blob = 249
        medium_blob = 250
        long_blob = 251
        blob = 252
        var_string = 253
        string = 254
        geometry = 255

    class Literal(IntEnum):
        null_literal = 0
        true_literal = 1
        false_literal = 2

    class ValueType(IntEnum):
        small_object = 0
        large_object = 1
        small_array = 2
        large_array = 3
        literal = 4
        int16 = 5
        uint16 = 6
        int32 = 7
        uint32 = 8
        int64 = 9
        uint64 = 10
        double = 11
        string = 12
        opaque = 15
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlJson, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if (not (self.is_empty)):
            pass
            self.type_code = KaitaiStream.resolve_enum(MysqlJson.ValueType, self._io.read_u1())

        if (not (self.is_empty)):
            pass
            self.value = MysqlJson.Value(int(self.type_code), self._io, self, self._root)



    def _fetch_instances(self):
        pass
        if (not (self.is_empty)):
            pass

        if (not (self.is_empty)):
            pass
            self.value._fetch_instances()


    class Container(KaitaiStruct):
        """A JSON object or array. Its stream starts at the element count; the offsets inside
        it count from there, so the part after the two header fields is read as its own
        substream of `size` minus the header bytes and every offset is shifted by the
        header width.
        """
        def __init__(self, is_object, is_large, _io, _parent=None, _root=None):
            super(MysqlJson.Container, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_object = is_object
            self.is_large = is_large
            self._read()

        def _read(self):
            _on = self.is_large
            if _on == False:
                pass
                self.num_elements = self._io.read_u2le()
            elif _on == True:
                pass
                self.num_elements = self._io.read_u4le()
            _on = self.is_large
            if _on == False:
                pass
                self.size = self._io.read_u2le()
            elif _on == True:
                pass
                self.size = self._io.read_u4le()
            if not self.size >= self.header_width:
                raise kaitaistruct.ValidationLessThanError(self.header_width, self.size, self._io, u"/types/container/seq/1")
            self._raw_body = self._io.read_bytes(self.size - self.header_width)
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = MysqlJson.ContainerBody(self.is_object, self.is_large, self.num_elements, _io__raw_body, self, self._root)


        def _fetch_instances(self):
            pass
            _on = self.is_large
            if _on == False:
                pass
            elif _on == True:
                pass
            _on = self.is_large
            if _on == False:
                pass
            elif _on == True:
                pass
            self.body._fetch_instances()

        @property
        def header_width(self):
            """Bytes taken by `num_elements` and `size`."""
            if hasattr(self, '_m_header_width'):
                return self._m_header_width

            self._m_header_width = (8 if self.is_large else 4)
            return getattr(self, '_m_header_width', None)


    class ContainerBody(KaitaiStruct):
        """Everything of a container after its two header fields: the key entries (objects
        only), the value entries, and the keys and values they point to. Members of an
        object are sorted by key length, then by key bytes.
        """
        def __init__(self, is_object, is_large, num_elements, _io, _parent=None, _root=None):
            super(MysqlJson.ContainerBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_object = is_object
            self.is_large = is_large
            self.num_elements = num_elements
            self._read()

        def _read(self):
            if self.is_object:
                pass
                self.key_entries = []
                for i in range(self.num_elements):
                    self.key_entries.append(MysqlJson.KeyEntry(self.is_large, self._io, self, self._root))


            self.value_entries = []
            for i in range(self.num_elements):
                self.value_entries.append(MysqlJson.ValueEntry(self.is_large, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            if self.is_object:
                pass
                for i in range(len(self.key_entries)):
                    pass
                    self.key_entries[i]._fetch_instances()


            for i in range(len(self.value_entries)):
                pass
                self.value_entries[i]._fetch_instances()



    class JsonString(KaitaiStruct):
        """A JSON string (type 0x0c): its byte length, then the utf8mb4 bytes."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlJson.JsonString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = MysqlJson.VarUint(self._io, self, self._root)
            self.value = self._io.read_bytes(self.length.value)


        def _fetch_instances(self):
            pass
            self.length._fetch_instances()


    class KeyEntry(KaitaiStruct):
        """Where one object key is stored."""
        def __init__(self, is_large, _io, _parent=None, _root=None):
            super(MysqlJson.KeyEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_large = is_large
            self._read()

        def _read(self):
            _on = self.is_large
            if _on == False:
                pass
                self.key_offset = self._io.read_u2le()
            elif _on == True:
                pass
                self.key_offset = self._io.read_u4le()
            self.len_key = self._io.read_u2le()


        def _fetch_instances(self):
            pass
            _on = self.is_large
            if _on == False:
                pass
            elif _on == True:
                pass
            _ = self.key
            if hasattr(self, '_m_key'):
                pass


        @property
        def key(self):
            """The key, utf8mb4 bytes."""
            if hasattr(self, '_m_key'):
                return self._m_key

            _pos = self._io.pos()
            self._io.seek(self.key_offset - (8 if self.is_large else 4))
            self._m_key = self._io.read_bytes(self.len_key)
            self._io.seek(_pos)
            return getattr(self, '_m_key', None)


    class Opaque(KaitaiStruct):
        """A MySQL value of a type JSON has no own form for (type 0x0f): the MySQL field type,
        the byte length, then the bytes. DECIMAL (246) holds precision, scale, then the
        binary DECIMAL column format; DATE (10), TIME (11), DATETIME (12) and
        TIMESTAMP (7) hold one 8-byte little-endian packed temporal value; VAR_STRING (253)
        is shown by MySQL as a plain string; others (BLOB, BIT, YEAR, GEOMETRY...) are raw
        bytes MySQL prints as "base64:type<N>:<base64 data>".
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_dom.cc
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlJson.Opaque, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_type = KaitaiStream.resolve_enum(MysqlJson.FieldType, self._io.read_u1())
            self.length = MysqlJson.VarUint(self._io, self, self._root)
            self.data = self._io.read_bytes(self.length.value)


        def _fetch_instances(self):
            pass
            self.length._fetch_instances()


    class Value(KaitaiStruct):
        """One JSON value whose type code is known from outside (the document's type byte or
        a container's value entry), read from the current position of the stream. Exactly
        one of the fields is present, chosen by `type_code`.
        """
        def __init__(self, type_code, _io, _parent=None, _root=None):
            super(MysqlJson.Value, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self._read()

        def _read(self):
            if self.type_code <= 3:
                pass
                self.container = MysqlJson.Container( ((self.type_code == 0) or (self.type_code == 1)) ,  ((self.type_code == 1) or (self.type_code == 3)) , self._io, self, self._root)

            if self.type_code == 4:
                pass
                self.literal = KaitaiStream.resolve_enum(MysqlJson.Literal, self._io.read_u1())

            if  ((self.type_code == 5) or (self.type_code == 7)) :
                pass
                _on = self.type_code
                if _on == 5:
                    pass
                    self.int_value = self._io.read_s2le()
                elif _on == 7:
                    pass
                    self.int_value = self._io.read_s4le()

            if  ((self.type_code == 6) or (self.type_code == 8)) :
                pass
                _on = self.type_code
                if _on == 6:
                    pass
                    self.uint_value = self._io.read_u2le()
                elif _on == 8:
                    pass
                    self.uint_value = self._io.read_u4le()

            if self.type_code == 9:
                pass
                self.int64_bytes = self._io.read_bytes(8)

            if self.type_code == 10:
                pass
                self.uint64_bytes = self._io.read_bytes(8)

            if self.type_code == 11:
                pass
                self.double_value = self._io.read_f8le()

            if self.type_code == 12:
                pass
                self.string = MysqlJson.JsonString(self._io, self, self._root)

            if self.type_code == 15:
                pass
                self.opaque = MysqlJson.Opaque(self._io, self, self._root)

            if (not (self.is_known_type)):
                pass
                self.unknown = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.type_code <= 3:
                pass
                self.container._fetch_instances()

            if self.type_code == 4:
                pass

            if  ((self.type_code == 5) or (self.type_code == 7)) :
                pass
                _on = self.type_code
                if _on == 5:
                    pass
                elif _on == 7:
                    pass

            if  ((self.type_code == 6) or (self.type_code == 8)) :
                pass
                _on = self.type_code
                if _on == 6:
                    pass
                elif _on == 8:
                    pass

            if self.type_code == 9:
                pass

            if self.type_code == 10:
                pass

            if self.type_code == 11:
                pass

            if self.type_code == 12:
                pass
                self.string._fetch_instances()

            if self.type_code == 15:
                pass
                self.opaque._fetch_instances()

            if (not (self.is_known_type)):
                pass


        @property
        def is_known_type(self):
            if hasattr(self, '_m_is_known_type'):
                return self._m_is_known_type

            self._m_is_known_type =  ((self.type_code <= 12) or (self.type_code == 15)) 
            return getattr(self, '_m_is_known_type', None)

        @property
        def json_type(self):
            if hasattr(self, '_m_json_type'):
                return self._m_json_type

            self._m_json_type = KaitaiStream.resolve_enum(MysqlJson.ValueType, self.type_code)
            return getattr(self, '_m_json_type', None)


    class ValueEntry(KaitaiStruct):
        """Type of one member or element and either the value itself (inlined) or its offset
        from the container's start. `value` gives the value either way.
        """
        def __init__(self, is_large, _io, _parent=None, _root=None):
            super(MysqlJson.ValueEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_large = is_large
            self._read()

        def _read(self):
            self.type_code = KaitaiStream.resolve_enum(MysqlJson.ValueType, self._io.read_u1())
            if self.is_inlined:
                pass
                self._raw_inlined = self._io.read_bytes((4 if self.is_large else 2))
                _io__raw_inlined = KaitaiStream(BytesIO(self._raw_inlined))
                self.inlined = MysqlJson.Value(int(self.type_code), _io__raw_inlined, self, self._root)

            if (not (self.is_inlined)):
                pass
                _on = self.is_large
                if _on == False:
                    pass
                    self.offset = self._io.read_u2le()
                elif _on == True:
                    pass
                    self.offset = self._io.read_u4le()



        def _fetch_instances(self):
            pass
            if self.is_inlined:
                pass
                self.inlined._fetch_instances()

            if (not (self.is_inlined)):
                pass
                _on = self.is_large
                if _on == False:
                    pass
                elif _on == True:
                    pass

            _ = self.at_offset
            if hasattr(self, '_m_at_offset'):
                pass
                self._m_at_offset._fetch_instances()


        @property
        def at_offset(self):
            if hasattr(self, '_m_at_offset'):
                return self._m_at_offset

            if (not (self.is_inlined)):
                pass
                _pos = self._io.pos()
                self._io.seek(self.offset - (8 if self.is_large else 4))
                self._m_at_offset = MysqlJson.Value(int(self.type_code), self._io, self, self._root)
                self._io.seek(_pos)

            return getattr(self, '_m_at_offset', None)

        @property
        def is_inlined(self):
            if hasattr(self, '_m_is_inlined'):
                return self._m_is_inlined

            self._m_is_inlined =  ((self.type_code == 4) or (self.type_code == 5) or (self.type_code == 6) or ( ((self.is_large) and ( ((self.type_code == 7) or (self.type_code == 8)) )) )) 
            return getattr(self, '_m_is_inlined', None)

        @property
        def value(self):
            """The value, whether inlined or stored at an offset."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.inlined if self.is_inlined else self.at_offset)
            return getattr(self, '_m_value', None)


    class VarUint(KaitaiStruct):
        """Unsigned length of up to 5 bytes holding 7 bits each, least significant group
        first; a set high bit means another byte follows. MySQL never writes values above
        2^32 - 1 and its reader gives up after 5 bytes; so does this one.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlJson.VarUint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group0 = self._io.read_u1()
            if self.has_group1:
                pass
                self.group1 = self._io.read_u1()

            if self.has_group2:
                pass
                self.group2 = self._io.read_u1()

            if self.has_group3:
                pass
                self.group3 = self._io.read_u1()

            if self.has_group4:
                pass
                self.group4 = self._io.read_u1()



        def _fetch_instances(self):
            pass
            if self.has_group1:
                pass

            if self.has_group2:
                pass

            if self.has_group3:
                pass

            if self.has_group4:
                pass


        @property
        def has_group1(self):
            if hasattr(self, '_m_has_group1'):
                return self._m_has_group1

            self._m_has_group1 = self.group0 >= 128
            return getattr(self, '_m_has_group1', None)

        @property
        def has_group2(self):
            if hasattr(self, '_m_has_group2'):
                return self._m_has_group2

            self._m_has_group2 =  ((self.has_group1) and (self.group1 >= 128)) 
            return getattr(self, '_m_has_group2', None)

        @property
        def has_group3(self):
            if hasattr(self, '_m_has_group3'):
                return self._m_has_group3

            self._m_has_group3 =  ((self.has_group2) and (self.group2 >= 128)) 
            return getattr(self, '_m_has_group3', None)

        @property
        def has_group4(self):
            if hasattr(self, '_m_has_group4'):
                return self._m_has_group4

            self._m_has_group4 =  ((self.has_group3) and (self.group3 >= 128)) 
            return getattr(self, '_m_has_group4', None)

        @property
        def value(self):
            """The decoded length."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = ((((self.group0 & 127) + ((self.group1 & 127) * 128 if self.has_group1 else 0)) + ((self.group2 & 127) * 16384 if self.has_group2 else 0)) + ((self.group3 & 127) * 2097152 if self.has_group3 else 0)) + ((self.group4 & 127) * 268435456 if self.has_group4 else 0)
            return getattr(self, '_m_value', None)


    @property
    def is_empty(self):
        """True for a zero-length value, which MySQL treats as the JSON null literal."""
        if hasattr(self, '_m_is_empty'):
            return self._m_is_empty

        self._m_is_empty = self._io.size() == 0
        return getattr(self, '_m_is_empty', None)


