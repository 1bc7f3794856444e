# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_json
from . import mysql_packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlJsonDiff(KaitaiStruct):
    """With binlog_row_value_options=PARTIAL_JSON, an UPDATE that changes a JSON column only
    through JSON_SET, JSON_REPLACE or JSON_REMOVE is logged as a PARTIAL_UPDATE_ROWS_EVENT
    (type 39) whose after image holds, for such a column, the list of changes instead of
    the whole new document. In the row image that list is preceded by its byte length
    (4 bytes, in the place of the column's usual length prefix); this spec reads the list
    itself: changes one after another until the end of the stream.
    
    Each change names an operation, a JSON path in MySQL's text syntax (for example
    `$.age` or `$.a[2]`), and for REPLACE and INSERT the new value as a binary JSON
    document. Both lengths are MySQL packed integers (not the 7-bit lengths used inside
    binary JSON).
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.cc
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.h
    
    
    .. seealso::
       Source - https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_row_value_options
    """

    class Operation(IntEnum):
        replace = 0
        insert = 1
        remove = 2
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlJsonDiff, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.diffs = []
        i = 0
        while not self._io.is_eof():
            self.diffs.append(MysqlJsonDiff.Diff(self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.diffs)):
            pass
            self.diffs[i]._fetch_instances()


    class Diff(KaitaiStruct):
        """One change to the JSON document (MySQL's Json_diff)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlJsonDiff.Diff, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.operation = KaitaiStream.resolve_enum(MysqlJsonDiff.Operation, self._io.read_u1())
            if self.is_known_operation:
                pass
                self.len_path = mysql_packed_int.MysqlPackedInt(self._io)

            if self.is_known_operation:
                pass
                self.path = self._io.read_bytes(self.len_path.value)

            if self.has_value:
                pass
                self.len_value = mysql_packed_int.MysqlPackedInt(self._io)

            if self.has_value:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = mysql_json.MysqlJson(_io__raw_value)

            if (not (self.is_known_operation)):
                pass
                self.unknown = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.is_known_operation:
                pass
                self.len_path._fetch_instances()

            if self.is_known_operation:
                pass

            if self.has_value:
                pass
                self.len_value._fetch_instances()

            if self.has_value:
                pass
                self.value._fetch_instances()

            if (not (self.is_known_operation)):
                pass


        @property
        def has_value(self):
            if hasattr(self, '_m_has_value'):
                return self._m_has_value

            self._m_has_value =  ((self.is_known_operation) and (self.operation != 2)) 
            return getattr(self, '_m_has_value', None)

        @property
        def is_known_operation(self):
            if hasattr(self, '_m_is_known_operation'):
                return self._m_is_known_operation

            self._m_is_known_operation = int(self.operation) <= 2
            return getattr(self, '_m_is_known_operation', None)



