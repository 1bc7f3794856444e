"""The replication client: asks a MySQL or MariaDB source for its binlogs as a replica does.

A PyMySQL connection (handshake, authentication, TLS, packet framing) carries the
replication protocol: the session variables a replica sets before it asks (checksums,
MariaDB's capability level, the heartbeat period), COM_REGISTER_SLAVE, then
COM_BINLOG_DUMP (by file and offset, or MariaDB's GTID start through
``@slave_connect_state``) or MySQL's COM_BINLOG_DUMP_GTID. Every packet the source sends
back is parsed by the spec (``ksy/binlog_stream_packet.ksy``); the commands are built here
as that spec declares them (``tests/test_pull.py`` parses them back with it).

Errors are of two kinds: :class:`ReplicationError`, a refusal that retrying will not cure
(wrong password, a missing privilege, a purged file, binary logging off), with a one-line
message; and :class:`ConnectionLost`, a connection that could not be made or dropped (a
restart, the network), which a follower retries.
"""

from __future__ import annotations

import io
import select
import ssl
import struct
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pymysql
from kaitaistruct import KaitaiStream
from pymysql.constants import COMMAND
from pymysql.protocol import MysqlPacket

from binlog_kaitai.event import (
    V4_HEADER_LEN,
    BinlogFormat,
    EventType,
    parse_event,
    read_header,
)
from binlog_kaitai.generated.binlog_stream_packet import BinlogStreamPacket
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from binlog_kaitai.gtid_set import GtidSet, GtidTextError

Packet = BinlogStreamPacket
Status = Packet.Status
DumpFlag = Packet.DumpFlag
HEARTBEATS = frozenset({EventType.heartbeat_log_event, EventType.heartbeat_log_event_v2})
ARTIFICIAL_FLAG = MysqlBinlog.EventFlag.artificial.value
STREAM_FORMAT = BinlogFormat(4, V4_HEADER_LEN, 0, b"", "")
"""How a stream's events are framed: v4 common headers (every source that
streams binlogs writes v4); the format in force is not needed to read them."""
DEFAULT_SERVER_ID = 1_651_076_206
"""The server_id a pull registers with unless told (b'binn' read as a number): far from
the small ids replicas are usually given. A source drops an older dump connection with
the same id, so a rerun of the same pull replaces its own leftover connection."""
REPORT_HOST = "binlog-kaitai"
"""The host name a pull registers with: SHOW SLAVE HOSTS tells its connections apart."""
_ROTATE_ONLY = bytes([0, 0, 0, 8])
"""Post-header lengths enough to read a ROTATE_EVENT (type 4: its 8-byte position)."""
ER_ACCESS_DENIED = 1045
HINTS = {
    4052: " (another connection took over server_id: give each pull its own --server-id)",
}
"""What to add to a server error that does not say what to do (MariaDB's
ER_SLAVE_SAME_ID, sent to the older of two dump connections with one server_id)."""
ER_SPECIFIC_ACCESS_DENIED = 1227
CR_SSL_CONNECTION_ERROR = 2026
"""PyMySQL's error when TLS is required (--ssl-ca) and the server offers none."""
OK_LEAD = bytes([Status.ok.value])
PACKET_HEADER = struct.Struct("<I")
"""A protocol packet's header: the payload's length (3 bytes) and a sequence number."""
MAX_PAYLOAD = 0xFFFFFF
"""The largest payload of one packet; a payload of this size continues in the next."""
CHUNK = 1 << 20
"""Bytes read from the socket at most at once (each read takes what has arrived)."""


class ReplicationError(Exception):
    """The source refused the dump or cannot serve it; the message is one line, ``code``
    the server's error number when it sent one."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


class ConnectionLost(Exception):
    """No connection, or it dropped: a source that restarts, a network that fails."""


@dataclass(frozen=True)
class Endpoint:
    """Where the source listens and who we are there."""

    host: str
    port: int
    user: str
    password: str = field(repr=False)
    ssl_ca: str | None = None
    """A CA file: TLS required, the server's certificate checked (else TLS when the
    server offers it, as PyMySQL does, unchecked)."""

    @property
    def name(self) -> str:
        return f"{self.host}:{self.port}"


class StreamEvent:
    """One event of the stream: its bytes as the file holds them (``raw``, a view into
    the bytes received), and the common header's fields a pull looks at (``type_code``,
    ``length``, ``log_pos``, ``flags``), read as :mod:`binlog_kaitai.event` reads them
    (:func:`~binlog_kaitai.event.read_header`: the spec's ``event_header`` compiled).
    Parsing each packet with the spec took about 16 µs, its header 45 µs, a third of a
    pull's time; :attr:`packet` still parses it, when asked
    (``tests/test_pull.py`` checks both agree on every event of a real stream)."""

    __slots__ = ("flags", "length", "log_pos", "raw", "type_code")

    def __init__(self, raw: memoryview | bytes) -> None:
        if len(raw) < STREAM_FORMAT.header_len:
            raise ReplicationError(f"the source sent an event of {len(raw)} bytes, shorter "
                                   "than its header")
        self.raw = raw
        header = read_header(raw, 0, STREAM_FORMAT.header_len)
        self.type_code, self.length = header.raw_type_code, header.event_length
        self.log_pos, self.flags = header.log_pos, header.flags

    @property
    def is_artificial(self) -> bool:
        """The spec's ``event_packet.is_artificial``, from the fields read."""
        return (self.log_pos == 0 or bool(self.flags & ARTIFICIAL_FLAG)
                or self.type_code in HEARTBEATS)

    @property
    def packet(self) -> Any:
        """The spec's ``event_packet`` of this event (parsed now)."""
        return Packet(False, KaitaiStream(io.BytesIO(OK_LEAD + bytes(self.raw)))).body


class PacketReader:
    """The packets of a connection's socket, every packet that arrived read at once.

    PyMySQL's packet loop reads each packet with two reads and copies its payload; a
    dump's packets (one per event, 8 KB for bulk rows) come faster than that loop runs.
    This reads the bytes PyMySQL's connection has buffered and then its socket,
    :data:`CHUNK` bytes at a time at most, and frames the packets (a 3-byte payload
    length and a sequence number; a payload of 2^24-1 bytes continues in the next
    packet, as PyMySQL joins them), handing out views into the bytes read."""

    def __init__(self, conn: pymysql.connections.Connection, name: str,
                 on_wait: Callable[[], None] | None = None) -> None:
        self.rfile = conn._rfile
        self.sock = conn._sock
        self.name = name
        self.on_wait = on_wait
        """Called before a read that would wait for the source (nothing has arrived)."""
        self.buf = bytearray()
        self.at = 0
        self.parts: list[bytes] = []
        """The payloads of a packet that continues (joined once it ends)."""

    def batch(self) -> list[memoryview | bytes]:
        """The payloads of every complete packet received, at least one (read as
        needed)."""
        payloads: list[memoryview | bytes] = []
        while True:
            buf, at = self.buf, self.at
            view, end = memoryview(buf), len(buf)
            while end - at >= 4:
                length = PACKET_HEADER.unpack_from(buf, at)[0] & MAX_PAYLOAD
                if end - at - 4 < length:
                    break
                payload = view[at + 4:at + 4 + length]
                at += 4 + length
                if length == MAX_PAYLOAD or self.parts:
                    self.parts.append(bytes(payload))
                    if length == MAX_PAYLOAD:
                        continue
                    payload, self.parts = b"".join(self.parts), []
                payloads.append(payload)
            self.at = at
            if payloads:
                return payloads
            self._read()

    def _read(self) -> None:
        """Read more bytes: what the socket has (up to :data:`CHUNK`), or, when a packet
        larger than that is partly here, the rest of it."""
        rest = memoryview(self.buf)[self.at:]
        need = CHUNK
        if len(rest) >= 4:
            need = max(need, (PACKET_HEADER.unpack_from(rest)[0] & MAX_PAYLOAD) + 4 - len(rest))
        if self.on_wait is not None and not self._arrived():
            self.on_wait()
        # A new buffer each time: the views handed out into the last one stay valid, and
        # the bytes read are not copied again (only the start of a packet left over).
        buf = bytearray(len(rest) + need)
        buf[:len(rest)] = rest
        with memoryview(buf)[len(rest):] as free:
            try:
                got = self.rfile.readinto1(free) if need == CHUNK else self.rfile.readinto(free)
            except OSError as exc:  # timeouts too
                raise ConnectionLost(f"{self.name}: connection lost: {exc}") from None
        if not got:
            raise ConnectionLost(f"{self.name}: connection lost: the source closed it")
        del buf[len(rest) + got:]
        self.buf, self.at = buf, 0

    def _arrived(self) -> bool:
        """Has the socket bytes to read now (TLS: decrypted ones too)?"""
        pending = getattr(self.sock, "pending", None)
        return bool(pending and pending()) or bool(select.select([self.sock], [], [], 0)[0])


class _Connection(pymysql.connections.Connection):
    """PyMySQL's connection, without the system's CA store loaded for its default TLS
    (used when the server offers it, certificate unchecked): 50 ms of each connection's
    start for certificates never looked at. With --ssl-ca it is PyMySQL's own."""

    def _create_ssl_ctx(self, sslp: Any) -> ssl.SSLContext:
        if sslp:
            return super()._create_ssl_ctx(sslp)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
        return ctx


class _RawPacket(MysqlPacket):
    """A packet PyMySQL hands over as it came, ERR included: the spec reads them all."""

    def is_error_packet(self) -> bool:
        return False


def rotate_target(view: bytes | memoryview) -> tuple[str, int]:
    """(next file, offset) a ROTATE_EVENT names. Whether it ends with a CRC32 is not known
    before the stream's FORMAT_DESCRIPTION_EVENT (the source sends its artificial ROTATE
    first): read with a footer when its CRC matches, else without."""
    raw = bytes(view)
    ev = parse_event(raw, BinlogFormat(4, V4_HEADER_LEN, 4, _ROTATE_ONLY, ""), "stream", 0, 0)
    if ev.checksum_ok is not True:
        ev = parse_event(raw, BinlogFormat(4, V4_HEADER_LEN, 0, _ROTATE_ONLY, ""), "stream", 0, 0)
    if ev.body is None:
        raise ReplicationError(f"the source sent an unreadable ROTATE_EVENT: {ev.decode_error}")
    return ev.body.new_log_ident, ev.body.position.value


def com_register_slave(server_id: int) -> bytes:
    """COM_REGISTER_SLAVE's arguments (the command byte is PyMySQL's to send)."""
    host = REPORT_HOST.encode()
    return (struct.pack("<IB", server_id, len(host)) + host + b"\0\0"
            + struct.pack("<HII", 0, 0, 0))


def com_binlog_dump(file: str, pos: int, flags: int, server_id: int) -> bytes:
    """COM_BINLOG_DUMP's arguments."""
    return struct.pack("<IHI", pos, flags, server_id) + file.encode()


def com_binlog_dump_gtid(gtids: GtidSet, flags: int, server_id: int) -> bytes:
    """MySQL's COM_BINLOG_DUMP_GTID's arguments: no file name, the GTID set as the SID
    set the spec declares (UUIDs with intervals whose end is one past their last)."""
    sids = [struct.pack("<Q", len(gtids.intervals))]
    for (sid, tag), intervals in sorted(gtids.intervals.items()):
        if tag:
            raise ReplicationError(f"tagged GTIDs ({sid}:{tag}) cannot start a dump")
        sids.append(uuid.UUID(sid).bytes + struct.pack("<Q", len(intervals)))
        sids += [struct.pack("<QQ", first, last + 1) for first, last in intervals]
    data = b"".join(sids)
    flags |= DumpFlag.through_gtid.value
    return struct.pack("<HII", flags, server_id, 0) + struct.pack("<QI", 4, len(data)) + data


class ReplicationClient:
    """One replication connection; :meth:`open` it, then :meth:`dump` once."""

    def __init__(self, endpoint: Endpoint, server_id: int = DEFAULT_SERVER_ID, *,
                 heartbeat: float | None = None, timeout: float = 60.0) -> None:
        self.endpoint = endpoint
        self.server_id = server_id
        self.heartbeat = heartbeat
        """Seconds between the source's heartbeats on an idle stream (None: none)."""
        self.timeout = timeout if heartbeat is None else 3 * heartbeat
        """Seconds without a byte after which the connection counts as lost: three missed
        heartbeats when following."""
        self.conn: pymysql.connections.Connection | None = None
        self.version = ""

    @property
    def is_mariadb(self) -> bool:
        return "mariadb" in self.version.lower()

    def open(self) -> None:
        """Connect, check the source can serve binlogs, and set the replica's variables."""
        ep = self.endpoint
        try:
            self.conn = _Connection(
                host=ep.host, port=ep.port, user=ep.user, password=ep.password,
                ssl=None if ep.ssl_ca is None else {"ca": ep.ssl_ca},
                connect_timeout=10, read_timeout=self.timeout, write_timeout=self.timeout,
                autocommit=True, charset="utf8mb4")
        except pymysql.err.OperationalError as exc:
            code, message = exc.args[0], exc.args[-1]
            if code == ER_ACCESS_DENIED:
                raise ReplicationError(f"{ep.name}: {message}") from None
            if code == CR_SSL_CONNECTION_ERROR or isinstance(
                    getattr(exc, "original_exception", None), ssl.SSLError):
                raise ReplicationError(f"{ep.name}: TLS: {message}") from None
            raise ConnectionLost(f"{ep.name}: cannot connect: {message}") from None
        except OSError as exc:  # the CA file (read before connecting)
            raise ReplicationError(f"--ssl-ca: {exc.strerror or exc}: {ep.ssl_ca}") from None
        self._check_source()
        self._negotiate()
        self._register()

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None and conn.open:
            conn.close()

    def _query(self, sql: str) -> list[tuple[Any, ...]]:
        assert self.conn is not None
        try:
            with self.conn.cursor() as cur:
                cur.execute(sql)
                return list(cur.fetchall())
        except pymysql.err.OperationalError as exc:
            if exc.args[0] in (ER_SPECIFIC_ACCESS_DENIED, ER_ACCESS_DENIED):
                raise ReplicationError(f"{self.endpoint.name}: {exc.args[-1]}") from None
            raise ConnectionLost(f"{self.endpoint.name}: {exc.args[-1]}") from None
        except pymysql.err.InterfaceError as exc:
            raise ConnectionLost(f"{self.endpoint.name}: {exc}") from None

    def _check_source(self) -> None:
        """Refuse a source without binary logging, and a server_id that is taken."""
        self.version, own_id, log_bin = self._query(
            "SELECT @@version, @@server_id, @@log_bin")[0]
        name = self.endpoint.name
        if not log_bin:
            raise ReplicationError(f"{name}: binary logging is off on the source (log_bin)")
        if own_id == self.server_id:
            raise ReplicationError(
                f"{name}: server_id {self.server_id} is the source's own; choose another "
                "with --server-id")
        try:
            hosts = self._query("SHOW SLAVE HOSTS")
        except ReplicationError:  # REPLICATION MASTER ADMIN is needed to look
            return
        for row in hosts:
            if row[0] == self.server_id and row[1] != REPORT_HOST:
                raise ReplicationError(
                    f"{name}: server_id {self.server_id} is in use by the replica "
                    f"registered from {row[1]!r}; choose another with --server-id")

    def _negotiate(self) -> None:
        """Ask for the events as the files hold them: with their checksums (a replica
        that does not say it knows checksums gets them stripped) and, from MariaDB, its
        own events (GTID, binlog checkpoint, annotate: below capability 4 they are
        replaced by stand-ins)."""
        sets = ["@master_binlog_checksum = @@global.binlog_checksum",
                "@source_binlog_checksum = @@global.binlog_checksum"]
        if self.is_mariadb:
            sets.append("@mariadb_slave_capability = 4")
        if self.heartbeat is not None:
            period = int(self.heartbeat * 1e9)
            sets += [f"@master_heartbeat_period = {period}",
                     f"@source_heartbeat_period = {period}"]
        self._query("SET " + ", ".join(sets))

    def _register(self) -> None:
        """COM_REGISTER_SLAVE, the first command that needs REPLICATION SLAVE: MariaDB
        answers a user without it 'Access denied', which names no privilege."""
        self._command(COMMAND.COM_REGISTER_SLAVE, com_register_slave(self.server_id))
        try:
            self._packet()
        except ReplicationError as exc:
            if exc.code in (ER_ACCESS_DENIED, ER_SPECIFIC_ACCESS_DENIED):
                raise ReplicationError(f"{exc} (a replica's user needs the REPLICATION "
                                       "SLAVE privilege)", exc.code) from None
            raise

    def _command(self, command: int, args: bytes) -> None:
        assert self.conn is not None
        try:
            self.conn._execute_command(command, args)
        except (pymysql.err.Error, OSError) as exc:
            raise ConnectionLost(f"{self.endpoint.name}: {exc}") from None

    def _packet(self) -> Any:
        """The next packet, parsed by the spec; an ERR packet raised as ReplicationError."""
        assert self.conn is not None
        try:
            data = self.conn._read_packet(_RawPacket).get_all_data()
        except (pymysql.err.Error, OSError) as exc:  # OSError: timeouts too
            raise ConnectionLost(f"{self.endpoint.name}: connection lost: {exc}") from None
        return self._parse(data)

    def _parse(self, data: bytes) -> Any:
        """A packet parsed by the spec; an ERR packet raised as ReplicationError."""
        packet = Packet(False, KaitaiStream(io.BytesIO(data)))
        if packet.status == Status.err:
            err = packet.body
            hint = HINTS.get(err.error_code, "")
            raise ReplicationError(
                f"{self.endpoint.name}: error {err.error_code} ({err.sql_state}): "
                f"{err.message}{hint}", err.error_code)
        return packet

    def dump(self, file: str, pos: int, *, non_block: bool,
             on_wait: Callable[[], None] | None = None) -> Iterator[list[StreamEvent]]:
        """The events from ``file`` at ``pos``, in lists of those that arrived together;
        with ``non_block``, up to the end of the source's last binlog (then the source
        sends EOF), else for as long as it runs. ``on_wait`` is called each time the
        stream has nothing more yet, before waiting for it."""
        self._command(COMMAND.COM_BINLOG_DUMP, com_binlog_dump(
            file, pos, self._flags(non_block), self.server_id))
        return self._events(non_block, on_wait)

    def dump_from_gtid(self, gtids: str, *, non_block: bool) -> Iterator[list[StreamEvent]]:
        """The events after the GTID state ``gtids`` (MariaDB ``0-1-5,1-2-9``, MySQL
        ``uuid:1-5``), from the start of the first binlog that holds one, as
        :meth:`dump` hands them."""
        flags = self._flags(non_block)
        if self.is_mariadb:
            self._query("SET @slave_connect_state = " + self.conn.escape(gtids))  # type: ignore[union-attr]
            self._command(COMMAND.COM_BINLOG_DUMP, com_binlog_dump("", 4, flags,
                                                                  self.server_id))
        else:
            try:
                parsed = GtidSet.parse(gtids)
            except GtidTextError as exc:
                raise ReplicationError(f"--from-gtid: {exc}") from None
            self._command(COMMAND.COM_BINLOG_DUMP_GTID,
                          com_binlog_dump_gtid(parsed, flags, self.server_id))
        return self._events(non_block)

    def _flags(self, non_block: bool) -> int:
        flags = DumpFlag.non_block.value if non_block else 0
        if self.is_mariadb:
            flags |= DumpFlag.send_annotate_rows_event.value
        return flags

    def _events(self, non_block: bool, on_wait: Callable[[], None] | None = None
                ) -> Iterator[list[StreamEvent]]:
        """The stream's events up to its EOF packet. An event packet is read by its lead
        byte (the spec's ``status``; no semi-sync header: it is never asked for); any
        other packet by the spec. A blocking dump has no end: an EOF there is a source
        that shuts down (MariaDB says goodbye so) and counts as a lost connection."""
        assert self.conn is not None
        reader = PacketReader(self.conn, self.endpoint.name, on_wait)
        ok = Status.ok.value
        while True:
            events = []
            for payload in reader.batch():
                if payload[0] == ok:
                    events.append(StreamEvent(payload[1:]))
                    continue
                if events:
                    yield events
                    events = []
                if self._parse(bytes(payload)).status != Status.eof:  # (an ERR raises)
                    raise ReplicationError(f"{self.endpoint.name}: the source sent a packet "
                                           f"of unknown status {payload[0]:#04x}")
                if non_block:
                    return
                raise ConnectionLost(f"{self.endpoint.name}: the source ended the stream")
            yield events
