"""One exception family for everything that can be wrong with a binlog file."""

from __future__ import annotations

import re
from typing import Any

_ADDRESS = re.compile(r" object at 0x[0-9a-fA-F]+>")


class BinlogError(Exception):
    """A problem at a known place in a binlog file.

    ``offset`` is the byte offset where the problem was found (usually the start of the
    event that could not be read) and ``event_index`` the 0-based index that event would
    have had, so a user can go straight to the spot with ``mariadb-binlog --start-position``.
    """

    kind = "corrupt"

    def __init__(
        self, file: str, offset: int, message: str, event_index: int | None = None
    ) -> None:
        super().__init__(f"{file}: offset {offset}: {message}")
        self.file = file
        self.offset = offset
        self.message = message
        self.event_index = event_index

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is, whatever its class's ``__init__`` takes (a worker
        process hands its file's error back: :mod:`~binlog_kaitai.file_workers`)."""
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(cls: type[BinlogError], args: tuple[Any, ...], state: dict[str, Any]
             ) -> BinlogError:
    """A :class:`BinlogError` unpickled (see :meth:`BinlogError.__reduce__`)."""
    exc = cls.__new__(cls)
    Exception.__init__(exc, *args)
    exc.__dict__.update(state)
    return exc


class NotABinlogError(BinlogError):
    """The file does not start like a binlog (magic or first event)."""

    kind = "not_binlog"


class TruncatedError(BinlogError):
    """The file ends inside an event: copied while being written, or cut short."""

    kind = "truncated"


class CorruptEventError(BinlogError):
    """An event's framing is impossible (length smaller than its header, bad type...)."""

    kind = "corrupt"


class ChecksumError(CorruptEventError):
    """An event's CRC32 does not match its bytes (raised only when asked to)."""


class EncryptedError(BinlogError):
    """MariaDB binlog encryption: events after START_ENCRYPTION_EVENT need the key."""

    kind = "encrypted"


class RowsError(BinlogError):
    """One rows event (or an event the row decoder needs) that cannot be decoded: no
    table map for it, a value that does not fit its column... The stream goes on."""

    kind = "rows"


def decode_error_text(exc: BaseException) -> str:
    """``Type: message`` of an exception met decoding damaged bytes, without the memory
    address of an object the message names (a Kaitai validation error names the value
    it got, ``<... object at 0x7f...>``): the same bytes give the same words, run after
    run."""
    return _ADDRESS.sub(">", f"{type(exc).__name__}: {exc}")
