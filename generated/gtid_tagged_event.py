# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_varlen_uint


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class GtidTaggedEvent(KaitaiStruct):
    """Body of GTID_TAGGED_LOG_EVENT (type 42), written instead of GTID_LOG_EVENT for a
    transaction whose GTID has a tag (UUID:tag:gno, MySQL 8.3+). Unlike type 33 it is
    encoded with MySQL's serialization library: a message header (format version, message
    size, last non-ignorable field id), then a sequence of (field id, value) pairs in field
    id order, where integers are variable-length (see mysql_varlen_uint), signed ones
    zigzag-encoded, and a field may be left out (id not written). The writer leaves out
    original_commit_timestamp and original_server_version when they equal the immediate
    ones and commit_group_ticket when unset; a reader substitutes the immediate values.
    
    Field ids (Gtid_event::define_fields): 0 gtid_flags, 1 uuid (16 bytes, each one
    written as a variable-length integer), 2 gno (signed), 3 tag (length + characters),
    4 last_committed (signed), 5 sequence_number (signed), 6 immediate_commit_timestamp,
    7 original_commit_timestamp, 8 transaction_length, 9 immediate_server_version,
    10 original_server_version, 11 commit_group_ticket.
    
    The fields live in `fields`, a substream cut to the message size; unknown fields that a
    newer server may add after these end up in `fields.unknown`.
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/serializer_default_impl.hpp
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(GtidTaggedEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.format_version = mysql_varlen_uint.MysqlVarlenUint(self._io)
        self.message_size = mysql_varlen_uint.MysqlVarlenUint(self._io)
        self.last_non_ignorable_field_id = mysql_varlen_uint.MysqlVarlenUint(self._io)
        self._raw_fields = self._io.read_bytes(self.fields_size)
        _io__raw_fields = KaitaiStream(BytesIO(self._raw_fields))
        self.fields = GtidTaggedEvent.GtidFields(_io__raw_fields, self, self._root)
        self.trailing = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        self.format_version._fetch_instances()
        self.message_size._fetch_instances()
        self.last_non_ignorable_field_id._fetch_instances()
        self.fields._fetch_instances()

    class FieldId(KaitaiStruct):
        """Optional field id: consumed only when the next byte of the message is the expected
        id (encoded as a one-byte variable-length integer, id * 2).
        """
        def __init__(self, expected, _io, _parent=None, _root=None):
            super(GtidTaggedEvent.FieldId, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.expected = expected
            self._read()

        def _read(self):
            if self.is_present:
                pass
                self.id_byte = self._io.read_u1()



        def _fetch_instances(self):
            pass
            if self.is_present:
                pass

            _ = self.next_byte
            if hasattr(self, '_m_next_byte'):
                pass


        @property
        def is_present(self):
            """The field is in the message."""
            if hasattr(self, '_m_is_present'):
                return self._m_is_present

            self._m_is_present =  (((not (self._io.is_eof()))) and (self.next_byte == self.expected * 2)) 
            return getattr(self, '_m_is_present', None)

        @property
        def next_byte(self):
            """The next byte of the message, read without consuming it."""
            if hasattr(self, '_m_next_byte'):
                return self._m_next_byte

            if (not (self._io.is_eof())):
                pass
                _pos = self._io.pos()
                self._io.seek(self._io.pos())
                self._m_next_byte = self._io.read_u1()
                self._io.seek(_pos)

            return getattr(self, '_m_next_byte', None)


    class GtidFields(KaitaiStruct):
        """The fields of the message in id order. Each `*_id` marker checks whether the next
        byte is that field's id (ids below 64 take one byte, id * 2) and consumes it if so;
        the value follows only then, which is how MySQL's decoder treats a missing field.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(GtidTaggedEvent.GtidFields, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.gtid_flags_id = GtidTaggedEvent.FieldId(0, self._io, self, self._root)
            if self.gtid_flags_id.is_present:
                pass
                self.gtid_flags = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.uuid_id = GtidTaggedEvent.FieldId(1, self._io, self, self._root)
            if self.uuid_id.is_present:
                pass
                self.uuid = []
                for i in range(16):
                    self.uuid.append(mysql_varlen_uint.MysqlVarlenUint(self._io))
                    _ = self.uuid[i]
                    if not _.value <= 255:
                        raise kaitaistruct.ValidationExprError(self.uuid[i], self._io, u"/types/gtid_fields/seq/3")


            self.gno_id = GtidTaggedEvent.FieldId(2, self._io, self, self._root)
            if self.gno_id.is_present:
                pass
                self.gno = GtidTaggedEvent.VarlenSint(self._io, self, self._root)

            self.tag_id = GtidTaggedEvent.FieldId(3, self._io, self, self._root)
            if self.tag_id.is_present:
                pass
                self.tag = GtidTaggedEvent.VarlenString(self._io, self, self._root)

            self.last_committed_id = GtidTaggedEvent.FieldId(4, self._io, self, self._root)
            if self.last_committed_id.is_present:
                pass
                self.last_committed = GtidTaggedEvent.VarlenSint(self._io, self, self._root)

            self.sequence_number_id = GtidTaggedEvent.FieldId(5, self._io, self, self._root)
            if self.sequence_number_id.is_present:
                pass
                self.sequence_number = GtidTaggedEvent.VarlenSint(self._io, self, self._root)

            self.immediate_commit_timestamp_id = GtidTaggedEvent.FieldId(6, self._io, self, self._root)
            if self.immediate_commit_timestamp_id.is_present:
                pass
                self.immediate_commit_timestamp = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.original_commit_timestamp_id = GtidTaggedEvent.FieldId(7, self._io, self, self._root)
            if self.original_commit_timestamp_id.is_present:
                pass
                self.original_commit_timestamp = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.transaction_length_id = GtidTaggedEvent.FieldId(8, self._io, self, self._root)
            if self.transaction_length_id.is_present:
                pass
                self.transaction_length = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.immediate_server_version_id = GtidTaggedEvent.FieldId(9, self._io, self, self._root)
            if self.immediate_server_version_id.is_present:
                pass
                self.immediate_server_version = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.original_server_version_id = GtidTaggedEvent.FieldId(10, self._io, self, self._root)
            if self.original_server_version_id.is_present:
                pass
                self.original_server_version = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.commit_group_ticket_id = GtidTaggedEvent.FieldId(11, self._io, self, self._root)
            if self.commit_group_ticket_id.is_present:
                pass
                self.commit_group_ticket = mysql_varlen_uint.MysqlVarlenUint(self._io)

            self.unknown = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            self.gtid_flags_id._fetch_instances()
            if self.gtid_flags_id.is_present:
                pass
                self.gtid_flags._fetch_instances()

            self.uuid_id._fetch_instances()
            if self.uuid_id.is_present:
                pass
                for i in range(len(self.uuid)):
                    pass
                    self.uuid[i]._fetch_instances()


            self.gno_id._fetch_instances()
            if self.gno_id.is_present:
                pass
                self.gno._fetch_instances()

            self.tag_id._fetch_instances()
            if self.tag_id.is_present:
                pass
                self.tag._fetch_instances()

            self.last_committed_id._fetch_instances()
            if self.last_committed_id.is_present:
                pass
                self.last_committed._fetch_instances()

            self.sequence_number_id._fetch_instances()
            if self.sequence_number_id.is_present:
                pass
                self.sequence_number._fetch_instances()

            self.immediate_commit_timestamp_id._fetch_instances()
            if self.immediate_commit_timestamp_id.is_present:
                pass
                self.immediate_commit_timestamp._fetch_instances()

            self.original_commit_timestamp_id._fetch_instances()
            if self.original_commit_timestamp_id.is_present:
                pass
                self.original_commit_timestamp._fetch_instances()

            self.transaction_length_id._fetch_instances()
            if self.transaction_length_id.is_present:
                pass
                self.transaction_length._fetch_instances()

            self.immediate_server_version_id._fetch_instances()
            if self.immediate_server_version_id.is_present:
                pass
                self.immediate_server_version._fetch_instances()

            self.original_server_version_id._fetch_instances()
            if self.original_server_version_id.is_present:
                pass
                self.original_server_version._fetch_instances()

            self.commit_group_ticket_id._fetch_instances()
            if self.commit_group_ticket_id.is_present:
                pass
                self.commit_group_ticket._fetch_instances()



    class VarlenSint(KaitaiStruct):
        """Signed variable-length integer: the unsigned variable-length value u holds the sign
        in bit 0 (zigzag), value = u / 2 for even u and -(u / 2) - 1 for odd u.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(GtidTaggedEvent.VarlenSint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.raw = mysql_varlen_uint.MysqlVarlenUint(self._io)


        def _fetch_instances(self):
            pass
            self.raw._fetch_instances()

        @property
        def value(self):
            """The decoded signed integer."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.raw.value // 2 if self.raw.value % 2 == 0 else -(self.raw.value // 2) - 1)
            return getattr(self, '_m_value', None)


    class VarlenString(KaitaiStruct):
        """String of the serialization library, a variable-length byte count then the bytes."""
        def __init__(self, _io, _parent=None, _root=None):
            super(GtidTaggedEvent.VarlenString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = mysql_varlen_uint.MysqlVarlenUint(self._io)
            self.value = (self._io.read_bytes(self.len_value.value)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            self.len_value._fetch_instances()


    @property
    def commit_group_ticket(self):
        """Binlog group commit ticket, 0 (kGroupTicketUnset) when not written."""
        if hasattr(self, '_m_commit_group_ticket'):
            return self._m_commit_group_ticket

        self._m_commit_group_ticket = (self.fields.commit_group_ticket.value if self.has_commit_group_ticket else 0)
        return getattr(self, '_m_commit_group_ticket', None)

    @property
    def fields_size(self):
        """Bytes of field data (the message size, capped to the body)."""
        if hasattr(self, '_m_fields_size'):
            return self._m_fields_size

        self._m_fields_size = (0 if self.message_size.value <= self.header_size else (self._io.size() - self.header_size if self.message_size.value > self._io.size() else self.message_size.value - self.header_size))
        return getattr(self, '_m_fields_size', None)

    @property
    def gno(self):
        """Transaction number."""
        if hasattr(self, '_m_gno'):
            return self._m_gno

        self._m_gno = (self.fields.gno.value if self.fields.gno_id.is_present else 0)
        return getattr(self, '_m_gno', None)

    @property
    def gtid_flags(self):
        """GTID flags (see gtid_event); MySQL assumes may_have_sbr (1) when missing."""
        if hasattr(self, '_m_gtid_flags'):
            return self._m_gtid_flags

        self._m_gtid_flags = (self.fields.gtid_flags.value if self.fields.gtid_flags_id.is_present else 1)
        return getattr(self, '_m_gtid_flags', None)

    @property
    def has_commit_group_ticket(self):
        """A commit group ticket is written."""
        if hasattr(self, '_m_has_commit_group_ticket'):
            return self._m_has_commit_group_ticket

        self._m_has_commit_group_ticket = self.fields.commit_group_ticket_id.is_present
        return getattr(self, '_m_has_commit_group_ticket', None)

    @property
    def has_original_commit_timestamp(self):
        """An original commit timestamp different from the immediate one is written."""
        if hasattr(self, '_m_has_original_commit_timestamp'):
            return self._m_has_original_commit_timestamp

        self._m_has_original_commit_timestamp = self.fields.original_commit_timestamp_id.is_present
        return getattr(self, '_m_has_original_commit_timestamp', None)

    @property
    def has_original_server_version(self):
        """An original server version different from the immediate one is written."""
        if hasattr(self, '_m_has_original_server_version'):
            return self._m_has_original_server_version

        self._m_has_original_server_version = self.fields.original_server_version_id.is_present
        return getattr(self, '_m_has_original_server_version', None)

    @property
    def header_size(self):
        """Bytes taken by the message header."""
        if hasattr(self, '_m_header_size'):
            return self._m_header_size

        self._m_header_size = (self.format_version.num_bytes + self.message_size.num_bytes) + self.last_non_ignorable_field_id.num_bytes
        return getattr(self, '_m_header_size', None)

    @property
    def immediate_commit_ts(self):
        """Commit time on the immediate source, microseconds since the epoch."""
        if hasattr(self, '_m_immediate_commit_ts'):
            return self._m_immediate_commit_ts

        self._m_immediate_commit_ts = (self.fields.immediate_commit_timestamp.value if self.fields.immediate_commit_timestamp_id.is_present else 0)
        return getattr(self, '_m_immediate_commit_ts', None)

    @property
    def immediate_server_version(self):
        """Version of the immediate server (major*10000 + minor*100 + patch)."""
        if hasattr(self, '_m_immediate_server_version'):
            return self._m_immediate_server_version

        self._m_immediate_server_version = (self.fields.immediate_server_version.value if self.fields.immediate_server_version_id.is_present else 0)
        return getattr(self, '_m_immediate_server_version', None)

    @property
    def last_committed(self):
        """sequence_number of the transaction this one's commit depends on."""
        if hasattr(self, '_m_last_committed'):
            return self._m_last_committed

        self._m_last_committed = (self.fields.last_committed.value if self.fields.last_committed_id.is_present else 0)
        return getattr(self, '_m_last_committed', None)

    @property
    def may_have_sbr(self):
        """The transaction may contain statement-based events."""
        if hasattr(self, '_m_may_have_sbr'):
            return self._m_may_have_sbr

        self._m_may_have_sbr = self.gtid_flags & 1 != 0
        return getattr(self, '_m_may_have_sbr', None)

    @property
    def original_commit_ts(self):
        """Commit time on the originating server; equal to the immediate one when not written."""
        if hasattr(self, '_m_original_commit_ts'):
            return self._m_original_commit_ts

        self._m_original_commit_ts = (self.fields.original_commit_timestamp.value if self.has_original_commit_timestamp else self.immediate_commit_ts)
        return getattr(self, '_m_original_commit_ts', None)

    @property
    def original_server_version(self):
        """Version of the originating server; equal to the immediate one when not written."""
        if hasattr(self, '_m_original_server_version'):
            return self._m_original_server_version

        self._m_original_server_version = (self.fields.original_server_version.value if self.has_original_server_version else self.immediate_server_version)
        return getattr(self, '_m_original_server_version', None)

    @property
    def sequence_number(self):
        """Logical timestamp of this transaction within the binlog file."""
        if hasattr(self, '_m_sequence_number'):
            return self._m_sequence_number

        self._m_sequence_number = (self.fields.sequence_number.value if self.fields.sequence_number_id.is_present else 0)
        return getattr(self, '_m_sequence_number', None)

    @property
    def tag(self):
        """GTID tag (letters, digits and underscores, at most 32 characters)."""
        if hasattr(self, '_m_tag'):
            return self._m_tag

        self._m_tag = (self.fields.tag.value if self.fields.tag_id.is_present else u"")
        return getattr(self, '_m_tag', None)

    @property
    def transaction_length(self):
        """Length in bytes of the whole transaction, this event included."""
        if hasattr(self, '_m_transaction_length'):
            return self._m_transaction_length

        self._m_transaction_length = (self.fields.transaction_length.value if self.fields.transaction_length_id.is_present else 0)
        return getattr(self, '_m_transaction_length', None)


