"""The kernel that writes ``rows``' lines for a batch (:mod:`binlog_kaitai.batch_text`),
in Cython's pure-Python mode: compiled by ``make setup`` like
:mod:`~binlog_kaitai.row_kernel` (see there), and used only compiled (as plain Python,
the per-change output of :mod:`~binlog_kaitai.row_text` is quicker).
"""

from __future__ import annotations

import cython
import numpy as np

COMPILED: bool = cython.compiled
"""Whether this is the C extension (False: this file, run as plain Python)."""
CONST, RAW, TEXT, EVENT, BYTES, INT = 0, 1, 2, 3, 4, 5
"""What a part of a line is: literal text; a per-row fragment copied as it is; a per-row
text fragment, quoted and escaped; a per-event text; a per-row fragment of bytes, quoted
and escaped by the second half of the escapes; a per-row integer, written in decimal
digits (see :func:`assemble`)."""
CONST_KIND = cython.declare(cython.longlong, CONST)
EVENT_KIND = cython.declare(cython.longlong, EVENT)
TEXT_KIND = cython.declare(cython.longlong, TEXT)
BYTES_KIND = cython.declare(cython.longlong, BYTES)
INT_KIND = cython.declare(cython.longlong, INT)
"""The kinds as C values, for the loops that run without the interpreter's lock."""
_BYTES_BASE = cython.declare(cython.longlong, 256)
"""Where the escapes of BYTES fragments start in the table of escapes (a C value)."""


def assemble(src: cython.const[cython.uchar][::1], kinds: cython.const[cython.longlong][::1],
             where: cython.const[cython.longlong][::1],
             const_len: cython.const[cython.longlong][::1],
             row_offsets: cython.const[cython.longlong][:, ::1],
             row_valid: cython.const[cython.uchar][:, ::1],
             event_offsets: cython.const[cython.longlong][:, ::1],
             event_of_row: cython.const[cython.longlong][::1], quote: cython.uchar,
             null_len: cython.longlong, escapes: cython.const[cython.uchar][:, ::1],
             escape_len: cython.const[cython.longlong][::1],
             row_ints: cython.const[cython.longlong][:, ::1],
             int_valid: cython.const[cython.uchar][:, ::1]) -> tuple[np.ndarray, np.ndarray]:
    """The lines of every row, end to end (for each row, each part ``p``), and where each
    line ends.

    ``src`` holds every byte a part takes: ``src[0:null_len]`` is the text of NULL. Part
    ``p`` is, by ``kinds[p]``: CONST, ``src[where[p]:where[p] + const_len[p]]``; RAW,
    TEXT or BYTES, the fragment of the row at ``src[row_offsets[where[p],
    row]:row_offsets[where[p], row + 1]]``, or NULL when ``row_valid[where[p], row]`` is
    False; TEXT (BYTES) fragments between ``quote`` bytes, each byte ``c`` as ``escapes[c,
    :escape_len[c]]`` (``256 + c``); EVENT, as RAW from ``event_offsets[where[p]]`` for
    the row's event, ``event_of_row[row]``; INT, ``row_ints[where[p], row]`` in decimal
    digits, or NULL when ``int_valid[where[p], row]`` is False. The lines go to a buffer
    of a size no line can exceed, written once: the pages past the end are never
    touched.
    """
    rows: cython.Py_ssize_t = event_of_row.shape[0]
    escaped_array = np.zeros(kinds.shape[0], np.uint8)
    escaped: cython.uchar[::1] = escaped_array
    capacity: cython.longlong
    with cython.nogil:
        _escaped_parts(src, kinds, where, row_offsets, escape_len, rows, escaped)
        capacity = _capacity(kinds, where, const_len, row_offsets, event_offsets, escaped,
                             rows)
    ends_array = np.zeros(rows + 1, np.int64)
    ends: cython.longlong[::1] = ends_array
    result = np.empty(capacity, np.uint8)
    out: cython.uchar[::1] = result
    pos: cython.longlong
    with cython.nogil:
        pos = _lines(out, ends, src, kinds, where, const_len, row_offsets, row_valid,
                     event_offsets, event_of_row, quote, null_len, escapes, escape_len,
                     escaped, row_ints, int_valid)
    return result[:pos], ends_array


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lines(out: cython.uchar[::1], ends: cython.longlong[::1],
           src: cython.const[cython.uchar][::1], kinds: cython.const[cython.longlong][::1],
           where: cython.const[cython.longlong][::1],
           const_len: cython.const[cython.longlong][::1],
           row_offsets: cython.const[cython.longlong][:, ::1],
           row_valid: cython.const[cython.uchar][:, ::1],
           event_offsets: cython.const[cython.longlong][:, ::1],
           event_of_row: cython.const[cython.longlong][::1], quote: cython.uchar,
           null_len: cython.longlong, escapes: cython.const[cython.uchar][:, ::1],
           escape_len: cython.const[cython.longlong][::1],
           escaped: cython.const[cython.uchar][::1],
           row_ints: cython.const[cython.longlong][:, ::1],
           int_valid: cython.const[cython.uchar][:, ::1]) -> cython.longlong:
    """:func:`assemble`'s loop, without the interpreter's lock: the end of the lines."""
    cython.declare(r=cython.Py_ssize_t, p=cython.Py_ssize_t, kind=cython.longlong,
                   at=cython.longlong, start=cython.longlong, end=cython.longlong)
    # The kinds as C values (the module's names are Python objects, looked up each time).
    k_const: cython.longlong = CONST_KIND
    k_event: cython.longlong = EVENT_KIND
    k_text: cython.longlong = TEXT_KIND
    k_bytes: cython.longlong = BYTES_KIND
    k_int: cython.longlong = INT_KIND
    pos: cython.longlong = 0
    for r in range(event_of_row.shape[0]):
        for p in range(kinds.shape[0]):
            kind, at = kinds[p], where[p]
            if kind == k_int:
                if int_valid[at, r]:
                    pos = _digits(out, pos, row_ints[at, r])
                else:
                    _copy(out, pos, src, 0, null_len)
                    pos += null_len
                continue
            start, end = 0, null_len
            if kind == k_const:
                start, end = at, at + const_len[p]
            elif kind == k_event:
                start, end = (event_offsets[at, event_of_row[r]],
                              event_offsets[at, event_of_row[r] + 1])
            elif row_valid[at, r]:
                start, end = row_offsets[at, r], row_offsets[at, r + 1]
            if (kind != k_text and kind != k_bytes) or start == 0:
                _copy(out, pos, src, start, end - start)
                pos += end - start
            elif escaped[p]:
                pos = _escape(out, pos, src, start, end - start, quote, escapes, escape_len,
                              _BYTES_BASE if kind == k_bytes else 0)
            else:
                out[pos] = quote
                out[pos + end - start + 1] = quote
                _copy(out, pos + 1, src, start, end - start)
                pos += end - start + 2
        ends[r + 1] = pos
    return pos


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _copy(dst: cython.uchar[::1], dst_at: cython.longlong,
          src: cython.const[cython.uchar][::1], src_at: cython.longlong,
          n: cython.longlong) -> cython.void:
    """``dst[dst_at:dst_at + n] = src[src_at:src_at + n]``, as a C loop (which the C
    compiler makes a memcpy; a slice assignment of memoryviews is a call per value)."""
    i: cython.longlong
    for i in range(n):
        dst[dst_at + i] = src[src_at + i]


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def _digits(out: cython.uchar[::1], pos: cython.longlong,
            value: cython.longlong) -> cython.longlong:
    """Write ``value`` in decimal digits (a minus sign first when negative) at
    ``out[pos]``; the end."""
    cython.declare(left=cython.ulonglong, rest=cython.ulonglong, count=cython.longlong,
                   i=cython.longlong)
    if value < 0:
        out[pos] = 45  # "-"
        pos += 1
        left = cython.cast(cython.ulonglong, -(value + 1)) + 1  # (-2^63 has no +2^63)
    else:
        left = value
    count, rest = 1, left
    while rest >= 10:
        rest //= 10
        count += 1
    for i in range(count - 1, -1, -1):
        out[pos + i] = 48 + left % 10  # "0"...
        left //= 10
    return pos + count


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _capacity(kinds: cython.const[cython.longlong][::1],
              where: cython.const[cython.longlong][::1],
              const_len: cython.const[cython.longlong][::1],
              row_offsets: cython.const[cython.longlong][:, ::1],
              event_offsets: cython.const[cython.longlong][:, ::1],
              escaped: cython.const[cython.uchar][::1],
              rows: cython.Py_ssize_t) -> cython.longlong:
    """Bytes the lines cannot exceed: per part, its fragments' bytes (six times for text
    to escape), with quotes or null for every row."""
    cython.declare(longest=cython.longlong, at=cython.longlong, p=cython.Py_ssize_t,
                   e=cython.Py_ssize_t)
    total: cython.longlong = 0
    for p in range(kinds.shape[0]):
        at = where[p]
        if kinds[p] == CONST_KIND:
            total += const_len[p] * rows
        elif kinds[p] == EVENT_KIND:
            longest = 0
            for e in range(event_offsets.shape[1] - 1):
                longest = max(longest, event_offsets[at, e + 1] - event_offsets[at, e])
            total += longest * rows
        elif kinds[p] == INT_KIND:
            total += 20 * rows  # (-9223372036854775808)
        else:
            total += ((6 if escaped[p] else 1) * (row_offsets[at, rows] - row_offsets[at, 0])
                      + 6 * rows)
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _escape(out: cython.uchar[::1], pos: cython.longlong,
            src: cython.const[cython.uchar][::1], start: cython.longlong,
            size: cython.longlong, quote: cython.uchar,
            escapes: cython.const[cython.uchar][:, ::1],
            escape_len: cython.const[cython.longlong][::1],
            base: cython.longlong) -> cython.longlong:
    """Write ``src[start:start + size]`` quoted and escaped (byte ``c`` by the escape
    ``base + c``) at ``out[pos]``; the end."""
    cython.declare(b=cython.longlong, k=cython.longlong, c=cython.longlong)
    out[pos] = quote
    pos += 1
    for b in range(start, start + size):
        c = base + src[b]
        for k in range(escape_len[c]):
            out[pos + k] = escapes[c, k]
        pos += escape_len[c]
    out[pos] = quote
    return pos + 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _escaped_parts(src: cython.const[cython.uchar][::1],
                   kinds: cython.const[cython.longlong][::1],
                   where: cython.const[cython.longlong][::1],
                   row_offsets: cython.const[cython.longlong][:, ::1],
                   escape_len: cython.const[cython.longlong][::1],
                   rows: cython.Py_ssize_t, escaped: cython.uchar[::1]) -> cython.void:
    """Set ``escaped[p]`` for each TEXT or BYTES part that has a byte to escape (most
    columns have none)."""
    cython.declare(p=cython.Py_ssize_t, b=cython.longlong, base=cython.longlong)
    for p in range(kinds.shape[0]):
        if kinds[p] == TEXT_KIND or kinds[p] == BYTES_KIND:
            base = _BYTES_BASE if kinds[p] == BYTES_KIND else 0
            for b in range(row_offsets[where[p], 0], row_offsets[where[p], rows]):
                if escape_len[base + src[b]] != 1:
                    escaped[p] = True
                    break
