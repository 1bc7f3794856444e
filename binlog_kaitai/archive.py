"""An archive of binlogs as chains of files, checked from each file's summary alone.

The files of one server form a chain: ``binlog.000001`` ROTATEs to ``binlog.000002``,
and so on; a file that ends with STOP (a restart) or with nothing (a crash, or a copy
of the file in use) is followed by the next number. :func:`check` reads only the
:func:`~binlog_kaitai.summary.summary` of each file (its first two events and its last:
a few kilobytes), orders the files of each directory and base name by number, and
reports what breaks a chain. Consecutive files also tell which GTIDs the earlier one
holds without reading it: what the later one's GTID state adds to its own
(:func:`file_gtids`).
"""

from __future__ import annotations

import errno
import glob
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from typing import Any

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.gtid_set import (
    GtidSet,
    GtidTextError,
    mariadb_added,
    mariadb_state_contains,
    parse_mariadb_state,
)
from binlog_kaitai.storage import each_input, is_uri, list_uri, read_range, reason
from binlog_kaitai.stream import (
    ENCRYPTED_MESSAGE,
    MAGIC,
    MYSQL_ENCRYPTED_MAGIC,
    mysql_encrypted_message,
)
from binlog_kaitai.summary import Summary, summary
from binlog_kaitai.times import local_text

NUMBERED = re.compile(r"^(.*)\.(\d+)$")
"""A binlog's name: base name, a dot and its number (``binlog.000042``)."""
KINDS = ("missing_file", "wrong_successor", "server_change", "time_backwards",
         "unterminated", "damaged", "encrypted", "gtid_gap", "unreadable")
ENCRYPTED_MARKS = (ENCRYPTED_MESSAGE, mysql_encrypted_message(b"").split(";")[0])
"""The words of a summary's error that say the file is encrypted (MariaDB's, MySQL's)."""


@dataclass
class Problem:
    """One thing wrong with an archive: ``kind`` (one of :data:`KINDS`), the file it is
    about (a missing file's would-be path) and what was seen."""

    kind: str
    file: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class FileGtids:
    """The GTIDs one file holds, told by the GTID states of the file and its successor:
    ``gtids`` as a set text (MySQL) or per domain ``first..last`` (MariaDB), and the
    file's first and last GTID when the difference alone decides them (else None)."""

    gtids: str
    first_gtid: str | None
    last_gtid: str | None


@dataclass
class Chain:
    """Files that follow one another without a break, oldest first."""

    files: list[Summary]

    def to_dict(self) -> dict[str, Any]:
        first, last = self.files[0], self.files[-1]
        return {"chain": chain_name(first.file),
                "first_file": first.file, "last_file": last.file, "files": len(self.files),
                "server_id": first.server_id, "start_time": first.start_time,
                "end_time": last.end_time}


@dataclass
class ArchiveCheck:
    """What :func:`check` found: problems in chain order, the chains, the GTIDs of each
    file that has a successor (by path), and the directory entries skipped as no
    binlogs."""

    problems: list[Problem] = field(default_factory=list)
    chains: list[Chain] = field(default_factory=list)
    gtids: dict[str, FileGtids] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    unusable: dict[str, Problem] = field(default_factory=dict)
    """The files present that no chain can take (:func:`unusable`), by path."""


def check(inputs: Iterable[str]) -> ArchiveCheck:
    """Check the binlogs named by ``inputs`` (files, directories or globs, see
    :func:`find_binlogs`); an input that cannot be read is an ``unreadable`` problem."""
    found = find_binlogs(inputs)
    result = ArchiveCheck(skipped=found.skipped)
    result.problems += [Problem("unreadable", path, cause) for path, cause in found.errors]
    summaries = each_input(summary, found.paths)
    result.problems += [file_problem(s) for s in summaries if s.error is not None
                        or s.truncated]
    result.unusable = unusable(found.errors, summaries)
    for group in chain_groups(summaries):
        _check_group(group, result)
    return result


def file_problem(s: Summary) -> Problem:
    """A file's own problem: ``encrypted`` when its summary's error says so (no reader
    without the key gets past it, yet nothing in it is broken), else ``damaged``."""
    error = s.error or "truncated"
    kind = "encrypted" if any(mark in error for mark in ENCRYPTED_MARKS) else "damaged"
    return Problem(kind, s.file, error)


def unusable(errors: Iterable[tuple[str, str]], summaries: Iterable[Summary]
             ) -> dict[str, Problem]:
    """The files present that no chain can take, by normalized path: those that cannot
    be read (``unreadable``) and those whose first event cannot be (:func:`file_problem`,
    as :func:`chain_groups` leaves them out). A ROTATE or a number that leads to one
    names it as what it is, never as absent."""
    found = {os.path.normpath(path): Problem("unreadable", path, cause)
             for path, cause in errors}
    found.update((os.path.normpath(s.file), file_problem(s)) for s in summaries
                 if s.start_timestamp is None)
    return found


@dataclass
class Inputs:
    """What :func:`find_binlogs` found: the binlogs in chain order, the directory entries
    skipped as no binlogs, and the inputs that cannot be read, as (path, cause: the
    system's words, ``Permission denied``, or ``no file matches`` for a glob)."""

    paths: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)


def find_binlogs(inputs: Iterable[str]) -> Inputs:
    """The binlogs that files, directories and globs name, each once, in chain order
    (:func:`chain_key`) within each folder, and folders in the order the inputs name them
    (as ``mysqlbinlog`` takes files in the order given): every command takes its inputs so.

    A glob is expanded here too (``**`` recursive), for a shell that left it quoted. A
    file named on the command line is always taken (a non-binlog is then reported by
    what reads it). A directory is searched at any depth (an archive often has a folder
    per server); there, ``*.index`` files (the server's list of its binlogs) and files
    that neither start with a binlog magic nor have a binlog's name (``base.NNNNNN``) are
    skipped: an archive folder may hold notes, dumps or scripts. A file or folder that
    cannot be opened is an error, not a binlog. A URI (``s3://bucket/binlogs/``...) is
    listed by its store (:func:`~binlog_kaitai.storage.list_uri`), the same way."""
    found = Inputs()
    paths: dict[str, str] = {}
    for item in inputs:
        if is_uri(item):
            _add_listed(item, paths, found)
            continue
        for path in _expanded(item, found):
            if not os.path.isdir(path):
                _add_file(path, paths, found)
                continue
            for entry in _files_under(path, found):
                _add_entry(entry, paths, found)
    found.paths = in_chain_order(list(paths.values()))
    return found


def _add_entry(entry: str, paths: dict[str, str], found: Inputs) -> None:
    """A file found in a folder: taken when it looks like a binlog, else skipped (an
    object a store listed exists; a local file must open)."""
    name = os.path.basename(entry)
    if name.endswith(".index") or not (NUMBERED.match(name) or _has_magic(entry)):
        found.skipped.append(entry)
    elif is_uri(entry):
        paths.setdefault(entry, entry)
    else:
        _add_file(entry, paths, found)


def _add_listed(uri: str, paths: dict[str, str], found: Inputs) -> None:
    """The files a URI names, as its store lists them: the object itself, or those
    below a folder or matching a glob (:func:`_add_entry`). Listing proves they exist;
    one that cannot be read is reported by what reads it."""
    try:
        listed = [entry for entry, _, _ in list_uri(uri)]
    except OSError as exc:
        found.errors.append((uri, reason(exc)))
        return
    if not listed:
        found.errors.append((uri, "no file matches" if glob.has_magic(uri)
                             else os.strerror(errno.ENOENT)))
    elif listed == [uri]:
        paths.setdefault(uri, uri)
    else:
        for entry in listed:
            _add_entry(entry, paths, found)


def in_chain_order(paths: list[str]) -> list[str]:
    """``paths`` with each folder's files in :func:`chain_key` order (its chains by base
    name, each by number), at the place of the folder's first file: ``b/x.2 a/y.1 b/x.1``
    gives ``b/x.1 b/x.2 a/y.1``."""
    first: dict[str, int] = {}
    for path in paths:
        first.setdefault(os.path.dirname(path), len(first))
    return sorted(paths, key=lambda path: (first[os.path.dirname(path)], chain_key(path)))


def binlog_paths(inputs: Iterable[str]) -> tuple[list[str], list[str]]:
    """The readable binlogs that ``inputs`` name, in chain order, and the directory
    entries skipped (:func:`find_binlogs`, without its errors)."""
    found = find_binlogs(inputs)
    return found.paths, found.skipped


def _expanded(item: str, found: Inputs) -> list[str]:
    """``item`` itself, or the paths its glob matches (an error when none)."""
    if os.path.lexists(item) or not glob.has_magic(item):
        return [item]
    matches = sorted(glob.glob(item, recursive=True))
    if not matches:
        found.errors.append((item, "no file matches"))
    return matches


def _add_file(path: str, paths: dict[str, str], found: Inputs) -> None:
    """Take ``path`` once (by its real path) when it can be opened for reading."""
    try:
        with open(path, "rb", buffering=0):
            pass
    except OSError as exc:
        found.errors.append((path, reason(exc)))
        return
    paths.setdefault(os.path.realpath(path), path)


def _files_under(folder: str, found: Inputs) -> list[str]:
    """The regular files in ``folder`` and below, in name order; a folder that cannot
    be listed is an error of ``found``."""
    def unlisted(exc: OSError) -> None:
        found.errors.append((exc.filename or folder, exc.strerror or str(exc)))

    files_found = []
    for here, dirs, files in os.walk(folder, onerror=unlisted):
        dirs.sort()
        files_found += [os.path.join(here, f) for f in sorted(files)
                        if os.path.isfile(os.path.join(here, f))]
    return files_found


def _has_magic(path: str) -> bool:
    """Does the file start like a binlog (plain, or encrypted by MySQL)? Its first four
    bytes alone are read (one ranged request of a store)."""
    try:
        return read_range(path, 0, len(MAGIC)) in (MAGIC, MYSQL_ENCRYPTED_MAGIC)
    except BinlogError:
        return False


def chain_key(path: str) -> tuple[str, str, int, str]:
    """Where a file goes in an archive's order: by directory and base name, then by
    number (``binlog.9`` before ``binlog.10``), as its chain runs."""
    return os.path.dirname(path), _base(path), _number(path) or 0, path


def chain_name(path: str) -> str:
    """The name of the chain a file may belong to: its directory and base name."""
    return os.path.join(os.path.dirname(path), _base(path))


def _base(path: str) -> str:
    name = os.path.basename(path)
    m = NUMBERED.match(name)
    return m.group(1) if m else name


def next_name(path: str) -> str | None:
    """The name of the file numbered after ``path``'s, as the server names it
    (``binlog.000008`` after ``binlog.000007``); None for a name without a number."""
    m = NUMBERED.match(os.path.basename(path))
    return None if m is None else f"{m.group(1)}.{int(m.group(2)) + 1:0{len(m.group(2))}d}"


def _number(name: str) -> int | None:
    m = NUMBERED.match(os.path.basename(name))
    return int(m.group(2)) if m else None


def chain_groups(summaries: Iterable[Summary]) -> list[list[Summary]]:
    """The files that may form one chain (same directory and base name), each group
    ordered by number; files whose first event could not be read are left out."""
    groups: dict[tuple[str, str], list[Summary]] = {}
    for s in summaries:
        if s.start_timestamp is not None:
            groups.setdefault((os.path.dirname(s.file), _base(s.file)), []).append(s)
    return [sorted(g, key=lambda s: chain_key(s.file)) for _, g in sorted(groups.items())]


def check_chains(summaries: Iterable[Summary]) -> ArchiveCheck:
    """The chains of ``summaries`` as :func:`check` cuts them (base name, number, ROTATE
    links, a server change), with their problems and GTIDs."""
    result = ArchiveCheck()
    for group in chain_groups(summaries):
        _check_group(group, result)
    return result


def _check_group(group: list[Summary], result: ArchiveCheck) -> None:
    chain = [group[0]]
    names = {os.path.basename(s.file) for s in group}
    for f, g in pairwise(group):
        linked, problems = successor_problems(f, g, names, result.unusable)
        if f.end_reason == "none" and f.error is None and not f.truncated:
            problems.append(Problem("unterminated", f.file,
                                    f"ends without ROTATE or STOP, yet {_name(g)} follows"))
        problems += pair_problems(f, g)
        result.problems += [p for p in problems if p not in result.problems]
        gtids = file_gtids(f, g) if linked else None
        if gtids is not None:
            result.gtids[f.file] = gtids
        if not linked or any(p.kind == "server_change" for p in problems):
            result.chains.append(Chain(chain))
            chain = []
        chain.append(g)
    result.chains.append(Chain(chain))


def _name(s: Summary) -> str:
    return os.path.basename(s.file)


def successor_problems(f: Summary, g: Summary, names: set[str],
                       unusable_files: dict[str, Problem] | None = None
                       ) -> tuple[bool, list[Problem]]:
    """Does ``g`` (the next file by number) follow ``f``? False with the problem when a
    ROTATE names another file, or files are missing between them: the first of them is
    named by its own problem when it is present but unusable (``unusable_files``, by
    :func:`unusable`)."""
    found = _missing_or_unusable(unusable_files or {})
    nf, ng = _number(f.file), _number(g.file)
    if f.next_file is not None:
        wanted = os.path.basename(f.next_file)
        if wanted == _name(g):
            return True, []
        nw = _number(wanted)
        if (wanted not in names and _base(wanted) == _base(f.file) and nw is not None
                and nf is not None and ng is not None and nf < nw < ng):
            return False, [found(f, wanted, ng - nw, f"named by {_name(f)}'s ROTATE")]
        return False, [Problem("wrong_successor", f.file,
                               f"ROTATE names {wanted}, but the next file is {_name(g)}")]
    if nf is not None and ng is not None and ng > nf + 1:
        return False, [found(f, next_name(f.file) or "", ng - nf - 1,
                             f"numbering jumps from {_name(f)} to {_name(g)}")]
    return True, []


def _missing_or_unusable(unusable_files: dict[str, Problem]
                         ) -> Callable[[Summary, str, int, str], Problem]:
    """:func:`_missing`, unless the file it would call absent is one of
    ``unusable_files``: then that file's own problem."""
    def found(f: Summary, name: str, count: int, why: str) -> Problem:
        known = unusable_files.get(os.path.normpath(os.path.join(os.path.dirname(f.file),
                                                                   name)))
        return known if known is not None else _missing(f, name, count, why)

    return found


def _missing(f: Summary, name: str, count: int, why: str) -> Problem:
    """A gap of ``count`` files from ``name`` on: one problem, on the first of them."""
    more = f" with the {count - 1} after it" if count > 1 else ""
    return Problem("missing_file", os.path.join(os.path.dirname(f.file), name),
                   f"absent{more}: {why}")


def pair_problems(f: Summary, g: Summary) -> list[Problem]:
    """What is wrong between a file and the next: another server, time going back, a
    GTID state that lost GTIDs."""
    problems = []
    for what, before, after in (("server id", f.server_id, g.server_id),
                                ("server version", f.server_version, g.server_version)):
        if before != after:
            problems.append(Problem("server_change", g.file,
                                    f"{what} {after} after {_name(f)}'s {before}"))
    if f.end_timestamp is not None and g.start_timestamp is not None and (
            g.start_timestamp < f.end_timestamp):
        problems.append(Problem("time_backwards", g.file, f"starts {g.start_time}, before "
                                f"{_name(f)} ends ({f.end_time})"))
    lost = _gtids_lost(f, g)
    if lost:
        problems.append(Problem("gtid_gap", g.file, f"GTID state {g.previous_gtids!r} "
                                f"lacks {lost} of {_name(f)}'s {f.previous_gtids!r}"))
    return problems


def _is_mariadb(s: Summary) -> bool:
    return "mariadb" in (s.server_version or "").lower()


def _gtids_lost(f: Summary, g: Summary) -> str | None:
    """The GTIDs of ``f``'s state that ``g``'s state lacks, as text; None when none are
    (or when the states cannot be compared)."""
    if f.previous_gtids is None or g.previous_gtids is None or _is_mariadb(f) != _is_mariadb(g):
        return None
    try:
        if _is_mariadb(f):
            before = parse_mariadb_state(f.previous_gtids)
            after = parse_mariadb_state(g.previous_gtids)
            if mariadb_state_contains(after, before):
                return None
            return ",".join(f"{d}-{s}-{q}" for (d, s), q in before.items()
                            if after.get((d, s), -1) < q)
        lost = GtidSet.parse(f.previous_gtids).minus(GtidSet.parse(g.previous_gtids))
    except GtidTextError:
        return None
    return lost.text() or None


def file_gtids(f: Summary, g: Summary) -> FileGtids | None:
    """The GTIDs ``f`` holds, from its GTID state and that of ``g``, which follows it;
    None when they cannot be told (no GTID states, damage, a gap, another server)."""
    if (f.previous_gtids is None or g.previous_gtids is None or f.error is not None
            or f.truncated or pair_problems(f, g)):
        return None
    try:
        if _is_mariadb(f):
            ranges = mariadb_added(parse_mariadb_state(f.previous_gtids),
                                   parse_mariadb_state(g.previous_gtids))
            text = ",".join(r.text() for r in ranges.values())
            if len(ranges) != 1:
                return FileGtids(text, None, None)
            (only,) = ranges.values()
            return FileGtids(text, only.first, only.last)
        added = GtidSet.parse(g.previous_gtids).minus(GtidSet.parse(f.previous_gtids))
    except GtidTextError:
        return None
    ends = list(added.intervals.items())
    if len(ends) != 1 or len(ends[0][1]) != 1:
        return FileGtids(added.text(), None, None)
    (uuid, tag), [(start, end)] = ends[0]
    prefix = f"{uuid}:{tag}:" if tag else f"{uuid}:"
    return FileGtids(added.text(), f"{prefix}{start}", f"{prefix}{end}")


def chain_gtids(summaries: Sequence[Summary]) -> dict[str, FileGtids]:
    """:class:`FileGtids` of every file among ``summaries`` whose successor is there too."""
    return check_chains(summaries).gtids


TABLE_COLUMNS = ("chain", "files", "first_file", "last_file", "start_time", "end_time",
                 "server_id")


def chain_table(chains: Sequence[Chain]) -> list[str]:
    """The chains as an aligned text table, one row each, times local (as text output
    prints them, :func:`~binlog_kaitai.times.local_text`)."""
    rows = [[str(v if v is not None else "") for v in (
        d["chain"], d["files"], os.path.basename(d["first_file"]),
        os.path.basename(d["last_file"]), _local(c.files[0].start_timestamp),
        _local(c.files[-1].end_timestamp), d["server_id"])]
        for c, d in ((c, c.to_dict()) for c in chains)]
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(TABLE_COLUMNS)]
    return ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip()
            for r in [list(TABLE_COLUMNS), *rows]]


def _local(ts: int | None) -> str | None:
    return None if ts is None else local_text(ts)
