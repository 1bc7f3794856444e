"""The kernels of the columnar row decoder (:mod:`binlog_kaitai.columnar`): loops over
every value of a batch of rows, written in the subset of Python numba compiles.

:func:`kernels` gives them as plain Python until the process has decoded
:data:`JIT_MIN_BYTES` of row data, then compiled by numba (``njit(cache=True)``):
numba's import and loading machine code from its cache take about a second, which a
small file should not pay (the plain functions decode a few thousand rows in
milliseconds). Only the first run on a machine compiles (several seconds); the cache
goes where numba puts it (``__pycache__`` beside this file, or a per-user folder when
that is read-only), or into ``$BINLOG_KAITAI_CACHE_DIR`` when set (read-only installs,
Spark executors whose home is not writable); ``NUMBA_CACHE_DIR`` works too and wins.
``BINLOG_KAITAI_JIT_MIN_BYTES`` changes the threshold (0: always compile; a huge value:
never).

The kernels know nothing of column types: :func:`walk` is given, per present column of
each kind of image, the size of a fixed-size value or the size of a length prefix (both
from the spec, see ``columnar.column_sizes``), and finds where every value is; the others
read fixed-width integers and gather byte slices for the vectorised conversions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import FunctionType
from typing import Any

import numpy as np

TRUNCATED = -1
""":func:`walk` status: a null bitmap, length prefix or value runs past its event's data."""
BAD_OPTIONS = -2
""":func:`walk` status: a partial update's value_options is not a packed integer."""


def _packed_int(data, pos, end):  # type: ignore[no-untyped-def]
    """(value, bytes) of the MySQL packed integer at ``pos``; bytes 0 when it is damaged."""
    if pos >= end:
        return 0, 0
    first = np.int64(data[pos])
    if first < 251:
        return first, 1
    size = 3 if first == 252 else 4 if first == 253 else 9 if first == 254 else 0
    if size == 0 or pos + size > end:
        return 0, 0
    value = np.int64(0)
    for b in range(1, min(size, 8)):
        value |= np.int64(data[pos + b]) << (8 * (b - 1))
    return value, size


def _value_options(data, pos, end, json_bytes):  # type: ignore[no-untyped-def]
    """(offset of the partial-JSON bitmap or -1, position after it; -1 when damaged) of
    the value_options that start a PARTIAL_UPDATE_ROWS_EVENT's after image."""
    options, used = _packed_int(data, pos, end)
    if used == 0:
        return pos, -1
    pos += used
    if options & 1:
        return pos, pos + json_bytes
    return -1, pos




def walk(data, chunks, fixed, prefix, counts, partial, json_bytes,  # type: ignore[no-untyped-def]
         offsets, lengths, nulls, partial_at, rows_per_chunk, fill):
    """Walk every image of every chunk (one rows event's row data each) in one pass.

    ``chunks[c]:chunks[c+1]`` is chunk ``c``. Each row has ``len(counts)`` images (1, or 2
    for updates: before then after); image kind ``k`` has ``counts[k]`` present columns,
    column ``j`` of which is a ``prefix[k, j]``-byte little-endian length then that many
    bytes, or ``fixed[k, j]`` bytes when ``prefix[k, j]`` is 0. With ``partial`` (a
    PARTIAL_UPDATE_ROWS_EVENT), each after image starts with value_options, then
    ``json_bytes`` bytes of partial-JSON bitmap when its bit 0 is set; its offset goes to
    ``partial_at[row]`` (-1 when absent).

    With ``fill``, ``offsets[k, j, row]``, ``lengths[k, j, row]`` and ``nulls[k, j, row]``
    of each non-NULL value are written (the caller fills them with 0, 0 and True first),
    and ``rows_per_chunk``. Returns (rows, 0), or (status, byte offset) for damage
    (:data:`TRUNCATED`, :data:`BAD_OPTIONS`).
    """
    kinds = counts.shape[0]
    row = 0
    for c in range(chunks.shape[0] - 1):
        pos = chunks[c]
        end = chunks[c + 1]
        first_row = row
        while pos < end:
            for k in range(kinds):
                if partial and k == 1:
                    at, pos = _value_options(data, pos, end, json_bytes)
                    if pos < 0:
                        return BAD_OPTIONS, at
                    if fill:
                        partial_at[row] = at
                present = counts[k]
                bitmap = pos
                pos += (present + 7) >> 3
                if pos > end:
                    return TRUNCATED, bitmap
                for j in range(present):
                    if (data[bitmap + (j >> 3)] >> (j & 7)) & 1:
                        continue  # NULL: the arrays' initial 0, 0, True
                    size = prefix[k, j]
                    if size > 0:
                        if pos + size > end:
                            return TRUNCATED, pos
                        length = np.int64(0)
                        for b in range(size):
                            length |= np.int64(data[pos + b]) << (8 * b)
                        pos += size
                    else:
                        length = fixed[k, j]
                    if pos + length > end:
                        return TRUNCATED, pos
                    if fill:
                        offsets[k, j, row] = pos
                        lengths[k, j, row] = length
                        nulls[k, j, row] = False
                    pos += length
            row += 1
        if fill:
            rows_per_chunk[c] = row - first_row
    return row, 0


def read_uint(data, offsets, nulls, width, big_endian):  # type: ignore[no-untyped-def]
    """The ``width``-byte (1-8) unsigned integer at each offset (0 for a NULL)."""
    out = np.zeros(offsets.shape[0], dtype=np.uint64)
    for i in range(offsets.shape[0]):
        if nulls[i]:
            continue
        at = offsets[i]
        value = np.uint64(0)
        for b in range(width):
            byte = np.uint64(data[at + b])
            if big_endian:
                value = (value << np.uint64(8)) | byte
            else:
                value |= byte << np.uint64(8 * b)
        out[i] = value
    return out


def gather(data, offsets, lengths, nulls, pad_to):  # type: ignore[no-untyped-def]
    """The values' bytes end to end, and Arrow's int32 offsets into them; each value
    padded with zero bytes to ``pad_to`` (BINARY(n) as the server returns it)."""
    n = offsets.shape[0]
    ends = np.zeros(n + 1, dtype=np.int32)
    total = 0
    for i in range(n):
        if not nulls[i]:
            total += max(lengths[i], pad_to)
        ends[i + 1] = total
    out = np.zeros(total, dtype=np.uint8)
    for i in range(n):
        if not nulls[i]:
            at, src = ends[i], offsets[i]
            out[at:at + lengths[i]] = data[src:src + lengths[i]]
    return ends, out


def decimal128(data, offsets, nulls, size, widths, digits):  # type: ignore[no-untyped-def]
    """MySQL's binary DECIMAL to Arrow's decimal128 (two little-endian uint64 words per
    value: the unscaled integer in two's complement).

    The value is ``size`` big-endian bytes of groups (``widths[g]`` bytes holding
    ``digits[g]`` decimal digits, most significant first) with the top bit flipped and
    every bit inverted for a negative number; the unscaled integer is the groups'
    digits side by side. Groups are at most 9 digits, so each step multiplies the
    128-bit accumulator by at most 10^9, in 32-bit limbs.
    """
    n = offsets.shape[0]
    out = np.zeros(2 * n, dtype=np.uint64)
    mask32 = np.uint64(0xFFFFFFFF)
    for i in range(n):
        if nulls[i]:
            continue
        at = offsets[i]
        negative = (data[at] & 0x80) == 0
        flip = np.uint64(0xFF) if negative else np.uint64(0)
        lo = np.uint64(0)
        hi = np.uint64(0)
        pos = at
        for g in range(widths.shape[0]):
            group = np.uint64(0)
            for b in range(widths[g]):
                byte = np.uint64(data[pos + b]) ^ flip
                if pos + b == at:
                    byte ^= np.uint64(0x80)
                group = (group << np.uint64(8)) | byte
            pos += widths[g]
            scale = np.uint64(10 ** digits[g])
            # (hi, lo) = (hi, lo) * scale + group, with 32-bit limbs and carries.
            l0 = (lo & mask32) * scale + group
            l1 = (lo >> np.uint64(32)) * scale + (l0 >> np.uint64(32))
            h0 = (hi & mask32) * scale + (l1 >> np.uint64(32))
            h1 = (hi >> np.uint64(32)) * scale + (h0 >> np.uint64(32))
            lo = (l0 & mask32) | ((l1 & mask32) << np.uint64(32))
            hi = (h0 & mask32) | ((h1 & mask32) << np.uint64(32))
        if negative:  # two's complement of (hi, lo)
            lo = ~lo + np.uint64(1)
            hi = ~hi + (np.uint64(1) if lo == 0 else np.uint64(0))
        out[2 * i] = lo
        out[2 * i + 1] = hi
    return out


JIT_MIN_BYTES = int(os.environ.get("BINLOG_KAITAI_JIT_MIN_BYTES", 1 << 20))
"""Row data decoded in a process from which the compiled kernels are worth loading."""
_decoded_bytes = 0


@dataclass(frozen=True, slots=True)
class Kernels:
    walk: Any
    read_uint: Any
    gather: Any
    decimal128: Any


def _walk_python(data, *args):  # type: ignore[no-untyped-def]
    """:func:`walk` over the bytes (indexing numpy arrays from Python is slow)."""
    return walk(data.tobytes(), *args)


def _read_uint_numpy(data, offsets, nulls, width, big_endian):  # type: ignore[no-untyped-def]
    """:func:`read_uint` in numpy: a row of ``width`` bytes per value, weighted."""
    at = np.where(nulls, 0, offsets)
    if len(data) == 0:
        return np.zeros(len(offsets), np.uint64)
    rows = data[np.minimum(at[:, None] + np.arange(width), len(data) - 1)].astype(np.uint64)
    shifts = np.arange(width, dtype=np.uint64) * np.uint64(8)
    if big_endian:
        shifts = shifts[::-1]
    return np.where(nulls, np.uint64(0), (rows << shifts).sum(axis=1, dtype=np.uint64))


def _decimal128_numpy(data, offsets, nulls, size, widths, digits):  # type: ignore[no-untyped-def]
    """:func:`decimal128` with numpy and Python integers (object arrays)."""
    first = _read_uint_numpy(data, offsets, nulls, 1, True)
    negative = (first & np.uint64(0x80)) == 0
    value = np.zeros(len(offsets), object)
    at = 0
    for width, count in zip(widths.tolist(), digits.tolist(), strict=True):
        group = _read_uint_numpy(data, offsets + at, nulls, width, True).astype(object)
        if at == 0:
            group ^= 0x80 << (8 * (width - 1))
        group = np.where(negative, group ^ ((1 << (8 * width)) - 1), group)
        value = value * 10**count + group
        at += width
    value = np.where(negative & ~nulls, (1 << 128) - value, value)
    out = np.zeros(2 * len(offsets), np.uint64)
    out[0::2] = (value & ((1 << 64) - 1)).astype(np.uint64)
    out[1::2] = ((value >> 64) & ((1 << 64) - 1)).astype(np.uint64)
    return out


PYTHON = Kernels(_walk_python, _read_uint_numpy, gather, _decimal128_numpy)
"""The kernels without numba: walk and gather as plain Python, the others in numpy."""
_compiled: Kernels | None = None


def kernels(batch_bytes: int) -> Kernels:
    """The kernels to decode a batch of ``batch_bytes`` of row data with: plain Python
    until the process has decoded :data:`JIT_MIN_BYTES` (so that at most that much goes
    through the slow path, however the batches are cut), compiled from then on."""
    global _decoded_bytes
    if _compiled is not None:
        return _compiled
    _decoded_bytes += batch_bytes
    if _decoded_bytes < JIT_MIN_BYTES:
        return PYTHON
    return compiled()


def calling(function: Any, **callees: Any) -> Any:
    """A copy of ``function`` whose globals name other functions (same code, so numba
    caches it as the original)."""
    copy = FunctionType(function.__code__, {**function.__globals__, **callees},
                        function.__name__, function.__defaults__, function.__closure__)
    copy.__qualname__ = function.__qualname__
    return copy


def compiled() -> Kernels:
    """The kernels compiled by numba (loaded from its cache when there), each for one
    signature: any other argument types are a TypeError, not a new compilation."""
    global _compiled
    if _compiled is None:
        cache_dir = os.environ.get("BINLOG_KAITAI_CACHE_DIR")
        if cache_dir and not os.environ.get("NUMBA_CACHE_DIR"):
            os.environ["NUMBA_CACHE_DIR"] = cache_dir
        from numba import njit, types  # here: importing numba takes a third of a second

        data = types.Array(types.uint8, 1, "C", readonly=True)  # np.frombuffer(bytes)
        i64, u64, flag = types.int64, types.uint64, types.boolean
        ints, flags = types.Array(i64, 1, "C"), types.Array(flag, 1, "C")
        matrix, cube = types.Array(i64, 2, "C"), types.Array(i64, 3, "C")
        pair = types.UniTuple(i64, 2)

        def jit(signature: Any, function: Any) -> Any:
            return njit(signature, cache=True, nogil=True)(function)

        # walk calls _value_options, which calls _packed_int: compiled first, and
        # walk and _value_options compiled from copies that see the compiled ones
        # (the plain functions keep calling plain functions).
        packed_int = jit(pair(data, i64, i64), _packed_int)
        value_options = jit(pair(data, i64, i64, i64),
                            calling(_value_options, _packed_int=packed_int))
        _compiled = Kernels(
            jit(pair(data, ints, matrix, matrix, ints, flag, i64, cube, cube,
                     types.Array(flag, 3, "C"), ints, ints, flag),
                calling(walk, _value_options=value_options)),
            jit(types.Array(u64, 1, "C")(data, ints, flags, i64, flag), read_uint),
            jit(types.Tuple((types.Array(types.int32, 1, "C"), types.Array(types.uint8, 1, "C")))(
                data, ints, ints, flags, i64), gather),
            jit(types.Array(u64, 1, "C")(data, ints, flags, i64, ints, ints), decimal128))
    return _compiled
