# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_table_id
from . import mysql_packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TableMapEvent(KaitaiStruct):
    """Maps a table id to a table and describes its columns, for the rows events that follow
    in the same statement: column types, per-type metadata (`column_metas`: lengths,
    precision, fractional-second precision...), nullability and, since MySQL 8.0.1
    (binlog_row_metadata=MINIMAL or FULL) and MariaDB 10.5, an optional metadata block of
    typed fields (signedness, charsets, column names, ENUM/SET labels, primary key...).
    
    The optional fields that describe a subset of the columns (SIGNEDNESS: numeric columns;
    DEFAULT_CHARSET / COLUMN_CHARSET: character columns; ENUM_AND_SET_*: ENUM and SET
    columns; SET_STR_VALUE, ENUM_STR_VALUE, GEOMETRY_TYPE, VECTOR_DIMENSIONALITY) list one
    entry per column of that kind, in column order; which columns count as which kind is
    decided by `column_metas[i].real_type` (see the docs of those fields).
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/rows_event.cpp
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/table_map_event/
    """

    class FieldType(IntEnum):
        decimal = 0
        tiny = 1
        short = 2
        long = 3
        float = 4
        double = 5
        type_null = 6
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
        type_bool = 244
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

    class OptionalFieldType(IntEnum):
        signedness = 1
        default_charset = 2
        column_charset = 3
        column_name = 4
        set_str_value = 5
        enum_str_value = 6
        geometry_type = 7
        simple_primary_key = 8
        primary_key_with_prefix = 9
        enum_and_set_default_charset = 10
        enum_and_set_column_charset = 11
        column_visibility = 12
        vector_dimensionality = 13
    def __init__(self, post_header_len, _io, _parent=None, _root=None):
        super(TableMapEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.post_header_len = post_header_len
        self._read()

    def _read(self):
        self.table_id = mysql_table_id.MysqlTableId(self.post_header_len, self._io)
        self.flags = self._io.read_u2le()
        if self.post_header_len > 8:
            pass
            self.extra_post_header = self._io.read_bytes(self.post_header_len - 8)

        self.len_schema_name = self._io.read_u1()
        self.schema_name = (self._io.read_bytes(self.len_schema_name)).decode(u"UTF-8")
        self.schema_name_terminator = self._io.read_bytes(1)
        if not self.schema_name_terminator == b"\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x00", self.schema_name_terminator, self._io, u"/seq/5")
        self.len_table_name = self._io.read_u1()
        self.table_name = (self._io.read_bytes(self.len_table_name)).decode(u"UTF-8")
        self.table_name_terminator = self._io.read_bytes(1)
        if not self.table_name_terminator == b"\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x00", self.table_name_terminator, self._io, u"/seq/8")
        self.num_columns = mysql_packed_int.MysqlPackedInt(self._io)
        self.column_types = self._io.read_bytes(self.num_columns.value)
        if self.has_metadata:
            pass
            self.len_metadata = mysql_packed_int.MysqlPackedInt(self._io)

        self._raw_metadata = self._io.read_bytes((self.len_metadata.value if self.has_metadata else 0))
        _io__raw_metadata = KaitaiStream(BytesIO(self._raw_metadata))
        self.metadata = TableMapEvent.FieldMetadata(self.num_columns.value, self.column_types, self.has_metadata, _io__raw_metadata, self, self._root)
        if self.has_metadata:
            pass
            self.null_bitmap = self._io.read_bytes((self.num_columns.value + 7) // 8)

        self._raw_optional_metadata = self._io.read_bytes_full()
        _io__raw_optional_metadata = KaitaiStream(BytesIO(self._raw_optional_metadata))
        self.optional_metadata = TableMapEvent.OptionalMetadata(_io__raw_optional_metadata, self, self._root)


    def _fetch_instances(self):
        pass
        self.table_id._fetch_instances()
        if self.post_header_len > 8:
            pass

        self.num_columns._fetch_instances()
        if self.has_metadata:
            pass
            self.len_metadata._fetch_instances()

        self.metadata._fetch_instances()
        if self.has_metadata:
            pass

        self.optional_metadata._fetch_instances()
        _ = self.definition
        if hasattr(self, '_m_definition'):
            pass


    class BitmapMsb(KaitaiStruct):
        """One bit per column of the kind the field describes, most significant bit first."""
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.BitmapMsb, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.bitmap = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class CharsetException(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.CharsetException, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.column_index = mysql_packed_int.MysqlPackedInt(self._io)
            self.collation = mysql_packed_int.MysqlPackedInt(self._io)


        def _fetch_instances(self):
            pass
            self.column_index._fetch_instances()
            self.collation._fetch_instances()


    class ColumnMeta(KaitaiStruct):
        """The metadata of one column, whose size and meaning depend on the column's logged
        type (Field::save_field_metadata in the server): nothing for most fixed-size types;
        1 byte for FLOAT/DOUBLE (their size), BLOB/TEXT/GEOMETRY/JSON/VECTOR (the byte
        count of the length prefix of their values) and TIME2/DATETIME2/TIMESTAMP2 (the
        fractional-second precision); 2 bytes for VARCHAR (maximum length in bytes,
        little-endian), BIT (bits of the last byte, whole bytes), NEWDECIMAL (precision,
        scale) and STRING (real type, length).
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
        
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc
        """
        def __init__(self, type_code, has_metadata, _io, _parent=None, _root=None):
            super(TableMapEvent.ColumnMeta, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self.has_metadata = has_metadata
            self._read()

        def _read(self):
            if  ((self.has_metadata) and ( ((self.type_code == 4) or (self.type_code == 5) or (self.type_code == 242) or (self.type_code == 245) or (self.type_code == 249) or (self.type_code == 250) or (self.type_code == 251) or (self.type_code == 252) or (self.type_code == 255)) )) :
                pass
                self.pack_length = self._io.read_u1()
                _ = self.pack_length
                if not (_ == 4 if self.type_code == 4 else (_ == 8 if self.type_code == 5 else  ((_ >= 1) and (_ <= 4)) )):
                    raise kaitaistruct.ValidationExprError(self.pack_length, self._io, u"/types/column_meta/seq/0")

            if  ((self.has_metadata) and ( ((self.type_code == 15) or (self.type_code == 253)) )) :
                pass
                self.max_length = self._io.read_u2le()

            if  ((self.has_metadata) and (self.type_code == 16)) :
                pass
                self.bits_in_last_byte = self._io.read_u1()
                if not self.bits_in_last_byte <= 7:
                    raise kaitaistruct.ValidationGreaterThanError(7, self.bits_in_last_byte, self._io, u"/types/column_meta/seq/2")

            if  ((self.has_metadata) and (self.type_code == 16)) :
                pass
                self.whole_bytes = self._io.read_u1()
                if not self.whole_bytes <= 8:
                    raise kaitaistruct.ValidationGreaterThanError(8, self.whole_bytes, self._io, u"/types/column_meta/seq/3")

            if  ((self.has_metadata) and (self.type_code == 246)) :
                pass
                self.precision = self._io.read_u1()
                if not self.precision >= 1:
                    raise kaitaistruct.ValidationLessThanError(1, self.precision, self._io, u"/types/column_meta/seq/4")
                if not self.precision <= 65:
                    raise kaitaistruct.ValidationGreaterThanError(65, self.precision, self._io, u"/types/column_meta/seq/4")

            if  ((self.has_metadata) and (self.type_code == 246)) :
                pass
                self.scale = self._io.read_u1()
                _ = self.scale
                if not  ((_ <= self.precision) and (_ <= 38)) :
                    raise kaitaistruct.ValidationExprError(self.scale, self._io, u"/types/column_meta/seq/5")

            if  ((self.has_metadata) and (self.is_string_family)) :
                pass
                self.real_type_byte = self._io.read_u1()
                _ = self.real_type_byte
                if not  ((_ | 48 == 254) or (_ | 48 == 247) or (_ | 48 == 248)) :
                    raise kaitaistruct.ValidationExprError(self.real_type_byte, self._io, u"/types/column_meta/seq/6")

            if  ((self.has_metadata) and (self.is_string_family)) :
                pass
                self.length_byte = self._io.read_u1()

            if  ((self.has_metadata) and ( ((self.type_code == 17) or (self.type_code == 18) or (self.type_code == 19)) )) :
                pass
                self.fsp = self._io.read_u1()
                if not self.fsp <= 6:
                    raise kaitaistruct.ValidationGreaterThanError(6, self.fsp, self._io, u"/types/column_meta/seq/8")



        def _fetch_instances(self):
            pass
            if  ((self.has_metadata) and ( ((self.type_code == 4) or (self.type_code == 5) or (self.type_code == 242) or (self.type_code == 245) or (self.type_code == 249) or (self.type_code == 250) or (self.type_code == 251) or (self.type_code == 252) or (self.type_code == 255)) )) :
                pass

            if  ((self.has_metadata) and ( ((self.type_code == 15) or (self.type_code == 253)) )) :
                pass

            if  ((self.has_metadata) and (self.type_code == 16)) :
                pass

            if  ((self.has_metadata) and (self.type_code == 16)) :
                pass

            if  ((self.has_metadata) and (self.type_code == 246)) :
                pass

            if  ((self.has_metadata) and (self.type_code == 246)) :
                pass

            if  ((self.has_metadata) and (self.is_string_family)) :
                pass

            if  ((self.has_metadata) and (self.is_string_family)) :
                pass

            if  ((self.has_metadata) and ( ((self.type_code == 17) or (self.type_code == 18) or (self.type_code == 19)) )) :
                pass


        @property
        def bit_count(self):
            """BIT(n) - n."""
            if hasattr(self, '_m_bit_count'):
                return self._m_bit_count

            self._m_bit_count = (self.whole_bytes * 8 + self.bits_in_last_byte if  ((self.type_code == 16) and (self.has_metadata))  else 0)
            return getattr(self, '_m_bit_count', None)

        @property
        def is_length_prefixed(self):
            """The column's values in a row image are a length, then that many bytes: strings
            (CHAR, VARCHAR), BLOB/TEXT, JSON, GEOMETRY and VECTOR.
            """
            if hasattr(self, '_m_is_length_prefixed'):
                return self._m_is_length_prefixed

            self._m_is_length_prefixed =  ((self.real_type == 15) or (self.real_type == 253) or (self.real_type == 254) or (self.real_type == 249) or (self.real_type == 250) or (self.real_type == 251) or (self.real_type == 252) or (self.real_type == 245) or (self.real_type == 255) or (self.real_type == 242)) 
            return getattr(self, '_m_is_length_prefixed', None)

        @property
        def is_string_family(self):
            if hasattr(self, '_m_is_string_family'):
                return self._m_is_string_family

            self._m_is_string_family =  ((self.type_code == 254) or (self.type_code == 247) or (self.type_code == 248)) 
            return getattr(self, '_m_is_string_family', None)

        @property
        def is_value_size_known(self):
            """The size of the column's values in a row image is known (from
            `len_length_prefix` or `len_fixed_value`): not for the pre-5.0 DECIMAL, NULL or
            TYPED_ARRAY types, an ENUM of more than 2 or a SET of more than 8 bytes, nor a
            type code this spec does not know. Rows of a table with such a column present
            in an image cannot be read.
            """
            if hasattr(self, '_m_is_value_size_known'):
                return self._m_is_value_size_known

            self._m_is_value_size_known =  ((self.len_length_prefix > 0) or ( ((self.len_fixed_value > 0) and ( ((self.real_type != 247) or (self.string_length <= 2)) ) and ( ((self.real_type != 248) or (self.string_length <= 8)) )) )) 
            return getattr(self, '_m_is_value_size_known', None)

        @property
        def len_decimal_value(self):
            """Bytes of a NEWDECIMAL value (MySQL's decimal_bin_size): the digits on each side
            of the point in groups of 9, 4 bytes per whole group and 1-4 bytes for the
            remaining 1-8 digits (1 byte per 2 digits, rounded up).
            
            .. seealso::
               Source - https://github.com/mysql/mysql-server/blob/trunk/strings/decimal.cc
            """
            if hasattr(self, '_m_len_decimal_value'):
                return self._m_len_decimal_value

            if  ((self.real_type == 246) and (self.has_metadata)) :
                pass
                self._m_len_decimal_value = ((((self.precision - self.scale) // 9) * 4 + ((self.precision - self.scale) % 9 + 1) // 2) + (self.scale // 9) * 4) + (self.scale % 9 + 1) // 2

            return getattr(self, '_m_len_decimal_value', None)

        @property
        def len_fixed_value(self):
            """Bytes of each of the column's values in a row image when they have no length
            prefix: integers, FLOAT/DOUBLE, YEAR and the old temporal types by their type;
            NEWDECIMAL by its precision and scale (`len_decimal_value`); BIT(n) n / 8
            rounded up; ENUM/SET the value size of the metadata; TIMESTAMP2 4, DATETIME2 5
            and TIME2 3 bytes, plus the fractional seconds (`len_fraction`). 0 for a
            length-prefixed type (`len_length_prefix`) and for a type this spec cannot size.
            
            .. seealso::
               Source - https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
            """
            if hasattr(self, '_m_len_fixed_value'):
                return self._m_len_fixed_value

            self._m_len_fixed_value = (1 if  ((self.real_type == 1) or (self.real_type == 13))  else (2 if self.real_type == 2 else (3 if  ((self.real_type == 9) or (self.real_type == 10) or (self.real_type == 14) or (self.real_type == 11))  else (4 if  ((self.real_type == 3) or (self.real_type == 4) or (self.real_type == 7))  else (8 if  ((self.real_type == 8) or (self.real_type == 5) or (self.real_type == 12))  else (0 if (not (self.has_metadata)) else (self.len_decimal_value if self.real_type == 246 else ((self.bit_count + 7) // 8 if self.real_type == 16 else (self.string_length if  ((self.real_type == 247) or (self.real_type == 248))  else (4 + self.len_fraction if self.real_type == 17 else (5 + self.len_fraction if self.real_type == 18 else (3 + self.len_fraction if self.real_type == 19 else 0))))))))))))
            return getattr(self, '_m_len_fixed_value', None)

        @property
        def len_fraction(self):
            """Bytes of the fractional seconds of a TIMESTAMP2/DATETIME2/TIME2 value: 1 per 2
            digits of `fsp`, rounded up.
            """
            if hasattr(self, '_m_len_fraction'):
                return self._m_len_fraction

            if  (( ((self.has_metadata) and (self.real_type == 17)) ) or (self.real_type == 18) or (self.real_type == 19)) :
                pass
                self._m_len_fraction = (self.fsp + 1) // 2

            return getattr(self, '_m_len_fraction', None)

        @property
        def len_length_prefix(self):
            """Bytes of the little-endian length in front of each of the column's values in a
            row image: 1 or 2 for VARCHAR/VAR_STRING/CHAR (1 when the maximum length in
            bytes is below 256), the metadata's pack length (1-4) for BLOB/TEXT, JSON,
            GEOMETRY and VECTOR; 0 for a type whose values have a fixed size
            (`len_fixed_value`).
            
            .. seealso::
               Source - https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
            """
            if hasattr(self, '_m_len_length_prefix'):
                return self._m_len_length_prefix

            self._m_len_length_prefix = ((1 if self.string_length < 256 else 2) if self.real_type == 254 else (0 if (not (self.has_metadata)) else ((1 if self.max_length < 256 else 2) if  ((self.real_type == 15) or (self.real_type == 253))  else (self.pack_length if self.is_length_prefixed else 0))))
            return getattr(self, '_m_len_length_prefix', None)

        @property
        def real_type(self):
            """The column's real `field_type`: ENUM (247) or SET (248) for those columns logged
            as STRING, otherwise the logged type.
            """
            if hasattr(self, '_m_real_type'):
                return self._m_real_type

            self._m_real_type = (self.real_type_byte | 48 if  ((self.is_string_family) and (self.has_metadata))  else self.type_code)
            return getattr(self, '_m_real_type', None)

        @property
        def string_length(self):
            """STRING maximum length in bytes; ENUM/SET value size."""
            if hasattr(self, '_m_string_length'):
                return self._m_string_length

            self._m_string_length = (self.length_byte | (self.real_type_byte & 48 ^ 48) << 4 if  ((self.is_string_family) and (self.has_metadata))  else 0)
            return getattr(self, '_m_string_length', None)


    class ColumnName(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.ColumnName, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = mysql_packed_int.MysqlPackedInt(self._io)
            self.name = (self._io.read_bytes(self.length.value)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            self.length._fetch_instances()


    class ColumnNames(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.ColumnNames, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.names = []
            i = 0
            while not self._io.is_eof():
                self.names.append(TableMapEvent.ColumnName(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.names)):
                pass
                self.names[i]._fetch_instances()



    class DefaultCharset(KaitaiStruct):
        """The most common collation of the columns the field describes, then the columns
        (index among those columns) whose collation differs.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.DefaultCharset, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.default_collation = mysql_packed_int.MysqlPackedInt(self._io)
            self.exceptions = []
            i = 0
            while not self._io.is_eof():
                self.exceptions.append(TableMapEvent.CharsetException(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            self.default_collation._fetch_instances()
            for i in range(len(self.exceptions)):
                pass
                self.exceptions[i]._fetch_instances()



    class FieldMetadata(KaitaiStruct):
        """The per-column metadata block, read column by column according to the types.
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc
        """
        def __init__(self, num_columns, column_types, has_metadata, _io, _parent=None, _root=None):
            super(TableMapEvent.FieldMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.num_columns = num_columns
            self.column_types = column_types
            self.has_metadata = has_metadata
            self._read()

        def _read(self):
            self.column_metas = []
            for i in range(self.num_columns):
                self.column_metas.append(TableMapEvent.ColumnMeta(KaitaiStream.byte_array_index(self.column_types, i), self.has_metadata, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.column_metas)):
                pass
                self.column_metas[i]._fetch_instances()



    class KeyPrefix(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.KeyPrefix, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.column_index = mysql_packed_int.MysqlPackedInt(self._io)
            self.prefix_length = mysql_packed_int.MysqlPackedInt(self._io)


        def _fetch_instances(self):
            pass
            self.column_index._fetch_instances()
            self.prefix_length._fetch_instances()


    class KeyPrefixes(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.KeyPrefixes, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.parts = []
            i = 0
            while not self._io.is_eof():
                self.parts.append(TableMapEvent.KeyPrefix(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.parts)):
                pass
                self.parts[i]._fetch_instances()



    class MariadbHiresTemporal(KaitaiStruct):
        """The values of a TIMESTAMP(n), DATETIME(n) or TIME(n) column with n > 0 as MariaDB 5.3
        to 10.0 log them (and later MariaDB with mysql56_temporal_format=OFF): under the old
        type code (TIMESTAMP, DATETIME, TIME) and with no metadata, so the table map cannot
        tell them from the old whole-second values; `fsp` comes from the table's definition.
        All are big-endian. TIMESTAMP: 4 bytes of seconds since the epoch, then the
        microseconds divided by 10^(6-n) in `len_fraction` bytes. DATETIME: one number,
        MariaDB's packed time ((((((year * 13 + month) * 32 + day) * 24 + hour) * 60 +
        minute) * 60 + second) * 10^6 + microseconds) divided by 10^(6-n). TIME: the same
        number of hours, minutes, seconds and microseconds, negative for a negative time,
        divided by 10^(6-n) and offset by `time_zero_point` so that it is never negative.
        Used with params only: no byte of the event is read.
        
        .. seealso::
           Source - https://github.com/MariaDB/server/blob/10.0/sql/field.cc
        
        
        .. seealso::
           Source - https://github.com/MariaDB/server/blob/10.0/sql-common/my_time.c
        """
        def __init__(self, type_code, fsp, _io, _parent=None, _root=None):
            super(TableMapEvent.MariadbHiresTemporal, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self.fsp = fsp
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def len_datetime_values(self):
            """Bytes of a DATETIME(n) value by n (MariaDB's datetime_hires_bytes)."""
            if hasattr(self, '_m_len_datetime_values'):
                return self._m_len_datetime_values

            self._m_len_datetime_values = b"\x05\x06\x06\x07\x07\x07\x08"
            return getattr(self, '_m_len_datetime_values', None)

        @property
        def len_fraction(self):
            """Bytes of a TIMESTAMP(n)'s fraction (MariaDB's sec_part_bytes)."""
            if hasattr(self, '_m_len_fraction'):
                return self._m_len_fraction

            self._m_len_fraction = (self.fsp + 1) // 2
            return getattr(self, '_m_len_fraction', None)

        @property
        def len_time_values(self):
            """Bytes of a TIME(n) value by n (MariaDB's time_hires_bytes)."""
            if hasattr(self, '_m_len_time_values'):
                return self._m_len_time_values

            self._m_len_time_values = b"\x03\x04\x04\x05\x05\x05\x06"
            return getattr(self, '_m_len_time_values', None)

        @property
        def len_value(self):
            """Bytes of each value in a row image."""
            if hasattr(self, '_m_len_value'):
                return self._m_len_value

            self._m_len_value = (4 + self.len_fraction if self.type_code == 7 else (KaitaiStream.byte_array_index(self.len_datetime_values, self.fsp) if self.type_code == 12 else (KaitaiStream.byte_array_index(self.len_time_values, self.fsp) if self.type_code == 11 else 0)))
            return getattr(self, '_m_len_value', None)

        @property
        def time_zero_point(self):
            """A TIME value's offset, in seconds (838:59:59 plus one second), itself scaled to
            the column's digits: 3020400 * 10^n.
            """
            if hasattr(self, '_m_time_zero_point'):
                return self._m_time_zero_point

            self._m_time_zero_point = 3020400
            return getattr(self, '_m_time_zero_point', None)


    class OptionalField(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.OptionalField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_type = KaitaiStream.resolve_enum(TableMapEvent.OptionalFieldType, self._io.read_u1())
            self.length = mysql_packed_int.MysqlPackedInt(self._io)
            _on = self.field_type
            if _on == 3:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.PackedIntList(_io__raw_value, self, self._root)
            elif _on == 4:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.ColumnNames(_io__raw_value, self, self._root)
            elif _on == 12:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.BitmapMsb(_io__raw_value, self, self._root)
            elif _on == 2:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.DefaultCharset(_io__raw_value, self, self._root)
            elif _on == 11:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.PackedIntList(_io__raw_value, self, self._root)
            elif _on == 10:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.DefaultCharset(_io__raw_value, self, self._root)
            elif _on == 6:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.StrValueLists(_io__raw_value, self, self._root)
            elif _on == 7:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.PackedIntList(_io__raw_value, self, self._root)
            elif _on == 9:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.KeyPrefixes(_io__raw_value, self, self._root)
            elif _on == 5:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.StrValueLists(_io__raw_value, self, self._root)
            elif _on == 1:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.BitmapMsb(_io__raw_value, self, self._root)
            elif _on == 8:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.PackedIntList(_io__raw_value, self, self._root)
            elif _on == 13:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = TableMapEvent.PackedIntList(_io__raw_value, self, self._root)
            else:
                pass
                self.value = self._io.read_bytes(self.length.value)


        def _fetch_instances(self):
            pass
            self.length._fetch_instances()
            _on = self.field_type
            if _on == 3:
                pass
                self.value._fetch_instances()
            elif _on == 4:
                pass
                self.value._fetch_instances()
            elif _on == 12:
                pass
                self.value._fetch_instances()
            elif _on == 2:
                pass
                self.value._fetch_instances()
            elif _on == 11:
                pass
                self.value._fetch_instances()
            elif _on == 10:
                pass
                self.value._fetch_instances()
            elif _on == 6:
                pass
                self.value._fetch_instances()
            elif _on == 7:
                pass
                self.value._fetch_instances()
            elif _on == 9:
                pass
                self.value._fetch_instances()
            elif _on == 5:
                pass
                self.value._fetch_instances()
            elif _on == 1:
                pass
                self.value._fetch_instances()
            elif _on == 8:
                pass
                self.value._fetch_instances()
            elif _on == 13:
                pass
                self.value._fetch_instances()
            else:
                pass


    class OptionalMetadata(KaitaiStruct):
        """Typed-length-value fields until the end of the event body.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.OptionalMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.fields = []
            i = 0
            while not self._io.is_eof():
                self.fields.append(TableMapEvent.OptionalField(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class PackedIntList(KaitaiStruct):
        """One packed integer per column of the kind the field describes: a collation id
        (COLUMN_CHARSET, ENUM_AND_SET_COLUMN_CHARSET), a `geometry_type`
        (GEOMETRY_TYPE), a dimension count (VECTOR_DIMENSIONALITY); or the column indexes
        of the primary key (SIMPLE_PRIMARY_KEY).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.PackedIntList, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.items = []
            i = 0
            while not self._io.is_eof():
                self.items.append(mysql_packed_int.MysqlPackedInt(self._io))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



    class StrValue(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.StrValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = mysql_packed_int.MysqlPackedInt(self._io)
            self.value = self._io.read_bytes(self.len_value.value)


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


    class StrValueList(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.StrValueList, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_values = mysql_packed_int.MysqlPackedInt(self._io)
            self.values = []
            for i in range(self.num_values.value):
                self.values.append(TableMapEvent.StrValue(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_values._fetch_instances()
            for i in range(len(self.values)):
                pass
                self.values[i]._fetch_instances()



    class StrValueLists(KaitaiStruct):
        """For each ENUM (or SET) column, its labels in definition order."""
        def __init__(self, _io, _parent=None, _root=None):
            super(TableMapEvent.StrValueLists, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.columns = []
            i = 0
            while not self._io.is_eof():
                self.columns.append(TableMapEvent.StrValueList(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.columns)):
                pass
                self.columns[i]._fetch_instances()



    @property
    def column_metas(self):
        """One `column_meta` per column, in column order."""
        if hasattr(self, '_m_column_metas'):
            return self._m_column_metas

        self._m_column_metas = self.metadata.column_metas
        return getattr(self, '_m_column_metas', None)

    @property
    def definition(self):
        """Everything after the post-header (names, types, metadata, null bitmap, optional
        metadata): the table's description. A table map repeated in every transaction has
        the same definition, whatever its table id, so readers can describe each table once.
        """
        if hasattr(self, '_m_definition'):
            return self._m_definition

        _pos = self._io.pos()
        self._io.seek(self.post_header_len)
        self._m_definition = self._io.read_bytes_full()
        self._io.seek(_pos)
        return getattr(self, '_m_definition', None)

    @property
    def has_metadata(self):
        """The body goes on after the column types. MySQL 5.1.15 to 5.1.17 (and earlier 5.1
        builds) end it there: no metadata and no null bitmap, so the values of a column
        whose size its metadata gives (VARCHAR, BLOB, DECIMAL, BIT, ENUM/SET, the fsp
        types) cannot be sized. MySQL reads it so too: metadata when bytes are left.
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/5.1/sql/log_event.cc
        """
        if hasattr(self, '_m_has_metadata'):
            return self._m_has_metadata

        self._m_has_metadata = self._io.size() > self.ofs_len_metadata
        return getattr(self, '_m_has_metadata', None)

    @property
    def ofs_len_metadata(self):
        """Where `len_metadata` starts, after the column types."""
        if hasattr(self, '_m_ofs_len_metadata'):
            return self._m_ofs_len_metadata

        self._m_ofs_len_metadata = ((((self.post_header_len + self.len_schema_name) + self.len_table_name) + 4) + (1 if self.num_columns.first < 251 else (3 if self.num_columns.first == 252 else (4 if self.num_columns.first == 253 else 9)))) + self.num_columns.value
        return getattr(self, '_m_ofs_len_metadata', None)


