# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TableMapEvent(KaitaiStruct):
    """Maps a table id to a table and describes its columns, for the rows events that follow
    in the same transaction: column types, per-type metadata, nullability and, since MySQL
    8.0.1 (binlog_row_metadata=FULL or MINIMAL), an optional metadata block.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Table__map__event.html
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
    def __init__(self, post_header_len, _io, _parent=None, _root=None):
        super(TableMapEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.post_header_len = post_header_len
        self._read()

    def _read(self):
        self.table_id_low = self._io.read_u4le()
        if self.post_header_len != 6:
            pass
            self.table_id_high = self._io.read_u2le()

        self.flags = self._io.read_u2le()
        if self.post_header_len > 8:
            pass
            self.extra_post_header = self._io.read_bytes(self.post_header_len - 8)

        self.schema_name_length = self._io.read_u1()
        self.schema_name = (self._io.read_bytes(self.schema_name_length)).decode(u"UTF-8")
        self.schema_name_terminator = self._io.read_bytes(1)
        if not self.schema_name_terminator == b"\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x00", self.schema_name_terminator, self._io, u"/seq/6")
        self.table_name_length = self._io.read_u1()
        self.table_name = (self._io.read_bytes(self.table_name_length)).decode(u"UTF-8")
        self.table_name_terminator = self._io.read_bytes(1)
        if not self.table_name_terminator == b"\x00":
            raise kaitaistruct.ValidationNotEqualError(b"\x00", self.table_name_terminator, self._io, u"/seq/9")
        self.column_count = mysql_packed_int.MysqlPackedInt(self._io)
        self.column_types = self._io.read_bytes(self.column_count.value)
        self.metadata_length = mysql_packed_int.MysqlPackedInt(self._io)
        self.metadata = self._io.read_bytes(self.metadata_length.value)
        self.null_bitmap = self._io.read_bytes((self.column_count.value + 7) // 8)
        self.optional_metadata = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self.post_header_len != 6:
            pass

        if self.post_header_len > 8:
            pass

        self.column_count._fetch_instances()
        self.metadata_length._fetch_instances()

    @property
    def table_id(self):
        if hasattr(self, '_m_table_id'):
            return self._m_table_id

        self._m_table_id = (self.table_id_low if self.post_header_len == 6 else self.table_id_low + (self.table_id_high << 32))
        return getattr(self, '_m_table_id', None)


