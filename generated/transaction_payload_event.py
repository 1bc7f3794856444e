# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TransactionPayloadEvent(KaitaiStruct):
    """A whole transaction's events, compressed together (binlog_transaction_compression,
    MySQL >= 8.0.20). A header of (field type, length, value) triples ends with field type
    0; then comes the payload: the inner events back to back, compressed as the header
    says. Inner events have no checksum.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Transaction__payload__event.html
    """

    class CompressionType(IntEnum):
        zstd = 0
        none = 255

    class FieldId(IntEnum):
        end_mark = 0
        payload_size = 1
        compression_type = 2
        uncompressed_size = 3
    def __init__(self, _io, _parent=None, _root=None):
        super(TransactionPayloadEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.fields = []
        i = 0
        while True:
            _ = TransactionPayloadEvent.HeaderField(self._io, self, self._root)
            self.fields.append(_)
            if _.field_type.value == 0:
                break
            i += 1
        self.payload = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.fields)):
            pass
            self.fields[i]._fetch_instances()


    class HeaderField(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(TransactionPayloadEvent.HeaderField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_type = mysql_packed_int.MysqlPackedInt(self._io)
            if self.field_type.value != 0:
                pass
                self.length = mysql_packed_int.MysqlPackedInt(self._io)

            if self.field_type.value != 0:
                pass
                self._raw_value = self._io.read_bytes(self.length.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = mysql_packed_int.MysqlPackedInt(_io__raw_value)



        def _fetch_instances(self):
            pass
            self.field_type._fetch_instances()
            if self.field_type.value != 0:
                pass
                self.length._fetch_instances()

            if self.field_type.value != 0:
                pass
                self.value._fetch_instances()


        @property
        def field_id(self):
            if hasattr(self, '_m_field_id'):
                return self._m_field_id

            self._m_field_id = KaitaiStream.resolve_enum(TransactionPayloadEvent.FieldId, self.field_type.value)
            return getattr(self, '_m_field_id', None)



