# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_table_id
from . import mysql_event_type
from . import mysql_packed_int
from . import mariadb_compressed
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class RowsEvent(KaitaiStruct):
    """Row-based replication: the rows one statement inserted, updated or deleted in the table
    of the preceding TABLE_MAP_EVENT with the same table id. Layout is shared by the pre-GA
    (20-22), v1 (23-25) and v2 (30-32, 39) events and MariaDB's compressed ones (166-171):
    v2 adds a variable-length extra-data block; updates carry a second column bitmap for
    the after image; MariaDB's compressed events hold the row images zlib-compressed.
    Whatever the type, `row_data` gives the uncompressed row images.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__event.html
    """

    class RowsFlag(IntEnum):
        stmt_end = 1
        no_foreign_key_checks = 2
        relaxed_unique_checks = 4
        complete_rows = 8
    def __init__(self, post_header_len, event_type, _io, _parent=None, _root=None):
        super(RowsEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.post_header_len = post_header_len
        self.event_type = event_type
        self._read()

    def _read(self):
        self.table_id = mysql_table_id.MysqlTableId(self.post_header_len, self._io)
        self.flags = self._io.read_u2le()
        if self.is_v2:
            pass
            self.len_extra_data = self._io.read_u2le()
            if not self.len_extra_data >= 2:
                raise kaitaistruct.ValidationLessThanError(2, self.len_extra_data, self._io, u"/seq/2")

        if self.is_v2:
            pass
            self.extra_data = self._io.read_bytes(self.len_extra_data - 2)

        self.num_columns = mysql_packed_int.MysqlPackedInt(self._io)
        self.columns_present = self._io.read_bytes((self.num_columns.value + 7) // 8)
        if  ((self.has_after_image) and (self.event_type != 21)) :
            pass
            self.after_image_columns = self._io.read_bytes((self.num_columns.value + 7) // 8)

        if (not (self.is_compressed)):
            pass
            self.rows = self._io.read_bytes_full()

        if self.is_compressed:
            pass
            self._raw_compressed_rows = self._io.read_bytes_full()
            _io__raw_compressed_rows = KaitaiStream(BytesIO(self._raw_compressed_rows))
            self.compressed_rows = mariadb_compressed.MariadbCompressed(_io__raw_compressed_rows)



    def _fetch_instances(self):
        pass
        self.table_id._fetch_instances()
        if self.is_v2:
            pass

        if self.is_v2:
            pass

        self.num_columns._fetch_instances()
        if  ((self.has_after_image) and (self.event_type != 21)) :
            pass

        if (not (self.is_compressed)):
            pass

        if self.is_compressed:
            pass
            self.compressed_rows._fetch_instances()


    @property
    def columns_present_after(self):
        """For updates, bit i set when column i is in the after image."""
        if hasattr(self, '_m_columns_present_after'):
            return self._m_columns_present_after

        if self.has_after_image:
            pass
            self._m_columns_present_after = (self.columns_present if self.event_type == 21 else self.after_image_columns)

        return getattr(self, '_m_columns_present_after', None)

    @property
    def has_after_image(self):
        """The rows of an update have two images, before and after."""
        if hasattr(self, '_m_has_after_image'):
            return self._m_has_after_image

        self._m_has_after_image =  ((self.event_type == 21) or (self.event_type == 24) or (self.event_type == 31) or (self.event_type == 39) or (self.event_type == 167) or (self.event_type == 170)) 
        return getattr(self, '_m_has_after_image', None)

    @property
    def is_compressed(self):
        if hasattr(self, '_m_is_compressed'):
            return self._m_is_compressed

        self._m_is_compressed =  ((self.event_type == 166) or (self.event_type == 167) or (self.event_type == 168) or (self.event_type == 169) or (self.event_type == 170) or (self.event_type == 171)) 
        return getattr(self, '_m_is_compressed', None)

    @property
    def is_end_of_statement(self):
        if hasattr(self, '_m_is_end_of_statement'):
            return self._m_is_end_of_statement

        self._m_is_end_of_statement = self.flags & 1 != 0
        return getattr(self, '_m_is_end_of_statement', None)

    @property
    def is_v2(self):
        if hasattr(self, '_m_is_v2'):
            return self._m_is_v2

        self._m_is_v2 = self.post_header_len >= 10
        return getattr(self, '_m_is_v2', None)

    @property
    def row_data(self):
        """The row images, inflated for a compressed event (which raises a parse error when
        the compressed stream is corrupt, and is null when its header names an algorithm
        this spec does not know).
        """
        if hasattr(self, '_m_row_data'):
            return self._m_row_data

        self._m_row_data = (self.compressed_rows.data if self.is_compressed else self.rows)
        return getattr(self, '_m_row_data', None)


