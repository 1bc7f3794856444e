"""A point-in-time recovery plan: what to replay from a backup's position to a time or a GTID.

A backup records where the binlogs stood when it was taken: a file and position (``SHOW
MASTER STATUS``) or a GTID set (``gtid_binlog_pos``, ``gtid_executed``). :func:`plan`
orders the archive's files by their chain (:func:`~binlog_kaitai.archive.chain_groups`),
finds the start (the position given, or the first GTID event outside the set) and the
stop (the start of the transaction of the first event at or after a time, by
:func:`~binlog_kaitai.seek.seek_datetime`; or the end of a GTID's transaction, by
:func:`~binlog_kaitai.seek.seek_gtid`), and checks every link between the files in
between as ``check`` does. A missing file, another server's file, a GTID gap or a
damaged file in the way makes the plan impossible. The result is the files with their
start and stop positions, the first and last GTID each contributes, and the
``mariadb-binlog ... | mariadb`` (or ``mysqlbinlog ... | mysql``) command that replays it.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.archive import (
    Problem,
    binlog_paths,
    chain_groups,
    pair_problems,
    successor_problems,
)
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.gtid_set import GtidSet, GtidTextError, parse_mariadb_state
from binlog_kaitai.seek import (
    Gtid,
    gtids_between,
    seek_datetime,
    seek_gtid,
    transaction_end,
)
from binlog_kaitai.stream import BinlogStream
from binlog_kaitai.summary import Summary, iso_utc, summary

DAMAGE_AT = re.compile(r"^offset (\d+): ")
"""Where a summary's ``error`` says the damage starts."""
BLOCKING = frozenset({"missing_file", "wrong_successor", "server_change", "gtid_gap",
                      "damaged", "no_start", "no_stop"})
"""Problems that make a plan impossible (``time_backwards`` and ``unterminated`` are
shown, but a replay goes through them)."""


@dataclass
class PlanFile:
    """One file of a plan: read from ``start`` to ``stop`` (None: its end)."""

    file: str
    start: int
    stop: int | None
    first_gtid: str | None = None
    last_gtid: str | None = None


@dataclass
class Plan:
    """What :func:`plan` found; ``command`` is None when the plan is impossible."""

    source: str
    target: str
    files: list[PlanFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    command: str | None = None

    @property
    def possible(self) -> bool:
        return not any(p.kind in BLOCKING for p in self.problems)

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.source, "to": self.target, "possible": self.possible,
                "files": [asdict(f) for f in self.files],
                "problems": [p.to_dict() for p in self.problems], "command": self.command}


class GtidState:
    """A backup's GTID set: MariaDB's ``gtid_binlog_pos`` (the last seq_no of each
    domain) or MySQL's ``gtid_executed`` (a set)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.mariadb: dict[str, int] | None = None
        self.mysql: GtidSet | None = None
        try:
            state = parse_mariadb_state(text)
            self.mariadb = {}
            for (domain, _), seq in state.items():
                self.mariadb[str(domain)] = max(seq, self.mariadb.get(str(domain), 0))
        except GtidTextError:
            self.mysql = GtidSet.parse(text)  # GtidTextError when neither

    def holds(self, gtid: Gtid) -> bool:
        """Is ``gtid`` in the set? (Never one of the other server kind's.)"""
        if self.mariadb is not None:
            return gtid.number <= self.mariadb.get(gtid.key, 0)
        assert self.mysql is not None
        if ":" not in gtid.key:  # a MariaDB GTID: its key is a domain
            return False
        uuid, tag = gtid.key.split(":")
        return any(a <= gtid.number <= b for a, b in self.mysql.intervals.get((uuid, tag), []))

    def holds_state(self, text: str | None) -> bool:
        """Does the set hold every GTID of a file's GTID state (its start)? Not when that
        state is damaged (no GTID set text)."""
        if not text:
            return True
        other = file_state(text)
        if other is None:
            return False
        if self.mariadb is not None and other.mariadb is not None:
            return all(seq <= self.mariadb.get(d, 0) for d, seq in other.mariadb.items())
        if self.mysql is not None and other.mysql is not None:
            return self.mysql.contains(other.mysql)
        return False


def file_state(text: str) -> GtidState | None:
    """A file's GTID state (a summary's ``previous_gtids``); None when damage made it
    no GTID set text."""
    try:
        return GtidState(text)
    except GtidTextError:
        return None


def plan(inputs: list[str], *, from_position: tuple[str, int] | None = None,
         from_gtid: str | None = None, to_datetime: int | None = None,
         to_gtid: Gtid | None = None) -> Plan:
    """The plan from a backup's position (``from_position`` FILE, POS, or ``from_gtid``)
    to ``to_datetime`` (seconds, UTC) or through ``to_gtid``; see the module docstring."""
    source = (f"{from_position[0]}:{from_position[1]}" if from_position is not None
              else f"gtid {from_gtid}")
    target = (iso_utc(to_datetime) if to_datetime is not None
              else f"gtid {to_gtid.text if to_gtid else ''}")
    result = Plan(source, target)
    paths, _ = binlog_paths(inputs)
    groups = chain_groups(summary(p) for p in paths)
    try:
        found = (_start_at_position(groups, *from_position) if from_position is not None
                 else _start_at_gtids(groups, GtidState(from_gtid or "")))
    except GtidTextError as exc:
        found = Problem("no_start", "", f"not a GTID set: {exc}")
    except BinlogError as exc:  # the walk for the first GTID outside the set met damage
        found = damaged(exc)
    if isinstance(found, Problem):
        result.problems.append(found)
        return result
    chain, index, start = found
    stop = _stop(chain, index, start, to_datetime, to_gtid, result)
    if stop is None:
        return result
    last, stop_pos = stop
    _fill(result, chain[index:last + 1], start, stop_pos)
    return result


Start = tuple[list[Summary], int, int] | Problem
"""The chain the plan reads, the index of its first file and the position in it."""


def _start_at_position(groups: list[list[Summary]], name: str, pos: int) -> Start:
    for chain in groups:
        for i, s in enumerate(chain):
            if os.path.basename(s.file) == os.path.basename(name):
                if s.size is not None and not 4 <= pos <= s.size:
                    return Problem("no_start", s.file, f"position {pos} is outside the file "
                                   f"({s.size} bytes)")
                return chain, i, pos
    return Problem("no_start", name, "not among the archive's binlogs")


def _start_at_gtids(groups: list[list[Summary]], backup: GtidState) -> Start:
    """The first GTID event outside the backup's set, in the chain that holds the set:
    the file is the first whose successor's GTID state is not all in the set; in it, a
    walk of the GTID events from its start."""
    chains = [c for c in groups if backup.holds_state(c[0].previous_gtids)]
    if not chains:
        return Problem("no_start", "", f"no chain of binlogs starts within {backup.text}")
    chain = max(chains, key=len)
    i = next(i for i in range(len(chain)) if i + 1 == len(chain)
             or not backup.holds_state(chain[i + 1].previous_gtids))
    with BinlogStream(chain[i].file, bodies=kinds.GTID) as stream:
        for ev in stream.events():
            gtid = Gtid.of(ev)
            if gtid is not None and not backup.holds(gtid):
                return chain, i, ev.pos
    return chain, i, chain[i].size or 4


def _stop(chain: list[Summary], index: int, start: int, to_datetime: int | None,
          to_gtid: Gtid | None, result: Plan) -> tuple[int, int | None] | None:
    """The index of the last file and the stop position in it (None: its end); None,
    with the problem in ``result``, when there is none."""
    for i in range(index, len(chain)):
        s = chain[i]
        try:
            stop = _stop_in(chain, i, to_datetime, to_gtid)
        except BinlogError as exc:
            result.problems.append(damaged(exc))
            return None
        if stop is False:
            continue
        if i == index and stop is not None and stop < start:
            result.problems.append(Problem("no_stop", s.file, f"{result.target} comes "
                                           f"before the start ({start})"))
            return None
        return i, stop
    if to_gtid is not None:
        result.problems.append(Problem("no_stop", chain[-1].file, f"{to_gtid.text} is "
                                       "not in the files from the start on"))
        return None
    return len(chain) - 1, None


def _stop_in(chain: list[Summary], i: int, to_datetime: int | None, to_gtid: Gtid | None
             ) -> int | bool | None:
    """The stop position in ``chain[i]`` (None: the end of the file, when its
    transaction does not end there); False when the stop is not in this file."""
    s, last = chain[i], i == len(chain) - 1
    if to_gtid is not None:
        later = None if last else file_state(chain[i + 1].previous_gtids or "")
        if later is not None and not later.holds(to_gtid):  # (a damaged one rules out none)
            return False
        found = seek_gtid(s.file, to_gtid)
        return False if found.pos is None else transaction_end(s.file, found.pos)
    assert to_datetime is not None
    if not last and s.end_timestamp is not None and s.end_timestamp < to_datetime:
        return False
    at = seek_datetime(s.file, to_datetime)
    return False if at.pos is None else at.transaction_pos


def _fill(result: Plan, files: list[Summary], start: int, stop: int | None) -> None:
    """The files, their links' problems, their GTIDs and the command."""
    names = {os.path.basename(s.file) for s in files}
    for i, s in enumerate(files):
        if s.error is not None or s.truncated:
            result.problems.append(_damage(s, stop if i == len(files) - 1 else None))
    for f, g in pairwise(files):
        result.problems += successor_problems(f, g, names)[1] + pair_problems(f, g)
        if f.end_reason == "none" and f.error is None and not f.truncated:
            result.problems.append(Problem("unterminated", f.file, "ends without ROTATE "
                                           f"or STOP, yet {os.path.basename(g.file)} follows"))
    for i, s in enumerate(files):
        entry = PlanFile(s.file, start if i == 0 else 4, stop if i == len(files) - 1 else None)
        try:
            entry.first_gtid, entry.last_gtid = gtids_between(s.file, entry.start, entry.stop)
        except BinlogError as exc:
            result.problems.append(damaged(exc))
        result.files.append(entry)
    if result.possible:
        result.command = replay_command(files, start, stop)


def damaged(exc: BinlogError) -> Problem:
    """The damage a read of a file of the plan met."""
    return Problem("damaged", exc.file, f"offset {exc.offset}: {exc.message}")


def _damage(s: Summary, stop: int | None) -> Problem:
    """A damaged file of the plan: ``damaged_past_stop`` (which does not block) when the
    plan stops at or before the offset the damage starts at (an in-use copy of the
    newest file, cut inside its last event), else ``damaged``."""
    where = DAMAGE_AT.match(s.error or "")
    if stop is not None and where is not None and stop <= int(where.group(1)):
        return Problem("damaged_past_stop", s.file, f"{s.error} (after the stop, {stop})")
    return Problem("damaged", s.file, s.error or "truncated")


def replay_command(files: list[Summary], start: int, stop: int | None) -> str:
    """``mariadb-binlog`` (MariaDB's files) or ``mysqlbinlog`` (MySQL's) with the start
    position (which applies to the first file) and stop position (the last), piped to
    the client."""
    mariadb = "mariadb" in (files[0].server_version or "").lower()
    reader, client = ("mariadb-binlog", "mariadb") if mariadb else ("mysqlbinlog", "mysql")
    args = [reader, f"--start-position={start}"]
    if stop is not None:
        args.append(f"--stop-position={stop}")
    return shlex.join([*args, *(s.file for s in files)]) + f" | {client}"



def plan_lines(result: Plan) -> list[str]:
    """The plan as text: the files with their positions and GTIDs, the problems (``FILE:
    KIND: detail``), then the command (or why there is none)."""
    head = ("file", "start", "stop", "first_gtid", "last_gtid")
    rows = [[f.file, str(f.start), "end" if f.stop is None else str(f.stop),
             f.first_gtid or "", f.last_gtid or ""] for f in result.files]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(head)]
    lines = [f"# from {result.source} to {result.target}"]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip()
              for r in ([list(head), *rows] if rows else [])]
    lines += [f"{p.file}: {p.kind}: {p.detail}" for p in result.problems]
    lines.append(result.command or "# no plan: " + ", ".join(
        sorted({p.kind for p in result.problems if p.kind in BLOCKING})))
    return lines


def parse_position(text: str) -> tuple[str, int]:
    """``FILE:POS`` (the file as named in the archive); ValueError otherwise."""
    name, _, pos = text.rpartition(":")
    if not name or not pos.isdigit():
        raise ValueError(f"not FILE:POS: {text!r}")
    return name, int(pos)
