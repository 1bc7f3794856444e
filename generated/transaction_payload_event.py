# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_binlog
from . import mysql_packed_int
from enum import IntEnum
import binlog_kaitai


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class TransactionPayloadEvent(KaitaiStruct):
    """A whole transaction's events, compressed together (binlog_transaction_compression,
    MySQL >= 8.0.20). A header of (field type, length, value) entries, each a packed
    integer, ends with field type 0; then comes the payload: the inner events back to
    back (GTID, QUERY BEGIN, TABLE_MAP, rows..., XID), compressed as the header says.
    
    The inner events are ordinary events with the layout of the FORMAT_DESCRIPTION_EVENT in
    force (its common-header length and post-header lengths, passed in as params) but never
    a checksum (the outer event's CRC32 covers them) and with log_pos 0. `inner_events`
    inflates the payload with a custom process that produces exactly `uncompressed_size`
    bytes and refuses a claim over its limit (binlog_kaitai.ZstdProcess in Python); it is
    an instance, so nothing is inflated until it is read. An inner event's offset inside
    the inflated payload is the sum of the `event_length`s before it.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Transaction__payload__event.html
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/codecs/binary.cpp
    """

    class CompressionType(IntEnum):
        zstd = 0
        none = 255

    class FieldId(IntEnum):
        end_mark = 0
        payload_size = 1
        compression_type = 2
        uncompressed_size = 3
    def __init__(self, header_len, post_header_lengths, _io, _parent=None, _root=None):
        super(TransactionPayloadEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.header_len = header_len
        self.post_header_lengths = post_header_lengths
        self._read()

    def _read(self):
        self.fields = []
        i = 0
        while True:
            _ = TransactionPayloadEvent.HeaderField((255 if i == 0 else self.fields[i - 1].compression_type_so_far), (0 if i == 0 else self.fields[i - 1].uncompressed_size_so_far), (0 if i == 0 else self.fields[i - 1].payload_size_so_far), self._io, self, self._root)
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

        _ = self.plain_events
        if hasattr(self, '_m_plain_events'):
            pass
            self._m_plain_events._fetch_instances()

        _ = self.zstd_events
        if hasattr(self, '_m_zstd_events'):
            pass
            self._m_zstd_events._fetch_instances()


    class HeaderField(KaitaiStruct):
        """One header entry, plus the header values known once it is read."""
        def __init__(self, compression_type_before, uncompressed_size_before, payload_size_before, _io, _parent=None, _root=None):
            super(TransactionPayloadEvent.HeaderField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.compression_type_before = compression_type_before
            self.uncompressed_size_before = uncompressed_size_before
            self.payload_size_before = payload_size_before
            self._read()

        def _read(self):
            self.field_type = mysql_packed_int.MysqlPackedInt(self._io)
            if self.field_type.value != 0:
                pass
                self.length = mysql_packed_int.MysqlPackedInt(self._io)

            if self.field_type.value != 0:
                pass
                _on = self.field_id
                if _on == 2:
                    pass
                    self._raw_value = self._io.read_bytes(self.length.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = mysql_packed_int.MysqlPackedInt(_io__raw_value)
                elif _on == 1:
                    pass
                    self._raw_value = self._io.read_bytes(self.length.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = mysql_packed_int.MysqlPackedInt(_io__raw_value)
                elif _on == 3:
                    pass
                    self._raw_value = self._io.read_bytes(self.length.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = mysql_packed_int.MysqlPackedInt(_io__raw_value)
                else:
                    pass
                    self.value = self._io.read_bytes(self.length.value)



        def _fetch_instances(self):
            pass
            self.field_type._fetch_instances()
            if self.field_type.value != 0:
                pass
                self.length._fetch_instances()

            if self.field_type.value != 0:
                pass
                _on = self.field_id
                if _on == 2:
                    pass
                    self.value._fetch_instances()
                elif _on == 1:
                    pass
                    self.value._fetch_instances()
                elif _on == 3:
                    pass
                    self.value._fetch_instances()
                else:
                    pass


        @property
        def compression_type_so_far(self):
            if hasattr(self, '_m_compression_type_so_far'):
                return self._m_compression_type_so_far

            self._m_compression_type_so_far = (self.value.value if self.field_id == 2 else self.compression_type_before)
            return getattr(self, '_m_compression_type_so_far', None)

        @property
        def field_id(self):
            if hasattr(self, '_m_field_id'):
                return self._m_field_id

            self._m_field_id = KaitaiStream.resolve_enum(TransactionPayloadEvent.FieldId, self.field_type.value)
            return getattr(self, '_m_field_id', None)

        @property
        def payload_size_so_far(self):
            if hasattr(self, '_m_payload_size_so_far'):
                return self._m_payload_size_so_far

            self._m_payload_size_so_far = (self.value.value if self.field_id == 1 else self.payload_size_before)
            return getattr(self, '_m_payload_size_so_far', None)

        @property
        def uncompressed_size_so_far(self):
            if hasattr(self, '_m_uncompressed_size_so_far'):
                return self._m_uncompressed_size_so_far

            self._m_uncompressed_size_so_far = (self.value.value if self.field_id == 3 else self.uncompressed_size_before)
            return getattr(self, '_m_uncompressed_size_so_far', None)


    class InnerEvents(KaitaiStruct):
        """The inflated payload: the events of one transaction, back to back, without
        checksums. `events` is an instance, so a reader can take the inflated bytes (this
        type's stream) and frame the events one at a time instead, to report a damaged
        inner event by its offset and go on with the next.
        """
        def __init__(self, header_len, post_header_lengths, _io, _parent=None, _root=None):
            super(TransactionPayloadEvent.InnerEvents, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.header_len = header_len
            self.post_header_lengths = post_header_lengths
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass
            _ = self.events
            if hasattr(self, '_m_events'):
                pass
                for i in range(len(self._m_events)):
                    pass
                    self._m_events[i]._fetch_instances()



        @property
        def events(self):
            if hasattr(self, '_m_events'):
                return self._m_events

            _pos = self._io.pos()
            self._io.seek(0)
            self._m_events = []
            i = 0
            while not self._io.is_eof():
                self._m_events.append(mysql_binlog.MysqlBinlog.Event(self.header_len, 0, self.post_header_lengths, False, self._io))
                i += 1

            self._io.seek(_pos)
            return getattr(self, '_m_events', None)


    @property
    def compression_type(self):
        """The compression algorithm (NONE when the header omits it)."""
        if hasattr(self, '_m_compression_type'):
            return self._m_compression_type

        self._m_compression_type = KaitaiStream.resolve_enum(TransactionPayloadEvent.CompressionType, self.fields[-1].compression_type_so_far)
        return getattr(self, '_m_compression_type', None)

    @property
    def inner_events(self):
        """The inner events, whatever the compression; null for a compression type this spec
        does not know.
        """
        if hasattr(self, '_m_inner_events'):
            return self._m_inner_events

        self._m_inner_events = (self.zstd_events if self.compression_type == 0 else self.plain_events)
        return getattr(self, '_m_inner_events', None)

    @property
    def payload_size(self):
        """Size of the compressed payload."""
        if hasattr(self, '_m_payload_size'):
            return self._m_payload_size

        self._m_payload_size = self.fields[-1].payload_size_so_far
        return getattr(self, '_m_payload_size', None)

    @property
    def plain_events(self):
        """The inner events of a payload stored uncompressed (compression type NONE)."""
        if hasattr(self, '_m_plain_events'):
            return self._m_plain_events

        if self.compression_type == 255:
            pass
            _pos = self._io.pos()
            self._io.seek(self._io.size() - len(self.payload))
            self._raw__m_plain_events = self._io.read_bytes(len(self.payload))
            _io__raw__m_plain_events = KaitaiStream(BytesIO(self._raw__m_plain_events))
            self._m_plain_events = TransactionPayloadEvent.InnerEvents(self.header_len, self.post_header_lengths, _io__raw__m_plain_events, self, self._root)
            self._io.seek(_pos)

        return getattr(self, '_m_plain_events', None)

    @property
    def uncompressed_size(self):
        """Size of the inflated payload (0 when the header omits it)."""
        if hasattr(self, '_m_uncompressed_size'):
            return self._m_uncompressed_size

        self._m_uncompressed_size = self.fields[-1].uncompressed_size_so_far
        return getattr(self, '_m_uncompressed_size', None)

    @property
    def zstd_events(self):
        """The inner events of a zstd payload, inflated to exactly `uncompressed_size` bytes."""
        if hasattr(self, '_m_zstd_events'):
            return self._m_zstd_events

        if self.compression_type == 0:
            pass
            _pos = self._io.pos()
            self._io.seek(self._io.size() - len(self.payload))
            self._raw__raw__m_zstd_events = self._io.read_bytes(len(self.payload))
            _process = binlog_kaitai.ZstdProcess(self.uncompressed_size)
            self._raw__m_zstd_events = _process.decode(self._raw__raw__m_zstd_events)
            _io__raw__m_zstd_events = KaitaiStream(BytesIO(self._raw__m_zstd_events))
            self._m_zstd_events = TransactionPayloadEvent.InnerEvents(self.header_len, self.post_header_lengths, _io__raw__m_zstd_events, self, self._root)
            self._io.seek(_pos)

        return getattr(self, '_m_zstd_events', None)


