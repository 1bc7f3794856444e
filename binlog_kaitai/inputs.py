"""The CLI's inputs, one way for every command: files, folders and globs, local or in an
object store (``s3://bucket/binlogs/``, :mod:`binlog_kaitai.storage`), in chain order.

:func:`take_inputs` turns the command line's paths and URIs into the binlogs to read
(:func:`~binlog_kaitai.archive.find_binlogs`: folders searched, quoted globs expanded,
a store's folders and globs listed by the store, files ordered as ``check`` orders a
chain), saying ``PATH: cause`` for each input that cannot be read (``No such file or
directory``, ``Permission denied``, or the store's own line). ``--start-position``
applies to the first file and ``--stop-position`` to the last, as ``mysqlbinlog``
applies them (:func:`positions_of`), and each must be where an event starts
(:func:`check_positions`), else a read from it frames garbage.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from binlog_kaitai.archive import find_binlogs
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.positions import PositionError, check_event_start
from binlog_kaitai.times import local_text


def take_inputs(command: str, items: list[str], err: TextIO) -> tuple[int, list[str]]:
    """The exit status so far (1 when an input cannot be read) and the binlogs that
    ``items`` name; none, with one line on ``err``, when they name no binlog."""
    found = find_binlogs(items)
    for path, cause in found.errors:
        print(f"{path}: {cause}", file=err)
    if not found.paths:
        print(f"binlog-kaitai {command}: no binlog found in {' '.join(items)}", file=err)
    return (1 if found.errors or not found.paths else 0), found.paths


def positions_of(args: argparse.Namespace, name: str) -> tuple[int | None, int | None]:
    """The ``--start-position`` and ``--stop-position`` that apply to file ``name``: the
    start to the first file only, the stop to the last only."""
    files = args.files
    return (args.start_position if name == files[0] else None,
            args.stop_position if name == files[-1] else None)


def check_positions(args: argparse.Namespace, err: TextIO) -> bool:
    """Are the positions given event starts of the files they apply to? When one is not,
    say so on ``err`` as ``FILE: offset N: ...`` naming the event starts around it.
    Damage met on the way is left to the read, which reports it where it is."""
    for pos, name in ((args.start_position, args.files[0]),
                      (args.stop_position, args.files[-1])):
        if pos is None:
            continue
        try:
            check_event_start(name, pos)
        except PositionError as exc:
            print(f"{name}: offset {exc.offset}: {exc.message}", file=err)
            return False
        except BinlogError:  # damage before it: the read reports it where it is
            continue
    return True


def check_window(args: argparse.Namespace, err: TextIO) -> bool:
    """Is there room between the start and the stop given? A stop at or before the
    start (``--stop-datetime`` before ``--start-datetime``, or in a single file
    ``--stop-position`` before ``--start-position``: over several they apply to
    different files) selects nothing: one line on ``err`` naming both, as an argument
    error."""
    pairs = [("datetime", args.start_datetime, args.stop_datetime, local_text)]
    if len(args.files) == 1:
        pairs.append(("position", args.start_position, args.stop_position, str))
    for what, start, stop, shown in pairs:
        if start is not None and stop is not None and stop <= start:
            print(f"binlog-kaitai {args.command}: --stop-{what} {shown(stop)} is not after "
                  f"--start-{what} {shown(start)}: nothing lies between them", file=err)
            return False
    return True
