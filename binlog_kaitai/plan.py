"""A point-in-time recovery plan: what to replay from a backup's position to a time or a GTID.

A backup records where the binlogs stood when it was taken: a file and position (``SHOW
MASTER STATUS``) or a GTID set (``gtid_binlog_pos``, ``gtid_executed``). :func:`plan`
orders the archive's files by their chain (:func:`~binlog_kaitai.archive.chain_groups`),
finds the start (the position given, or the first GTID event outside the set) and the
stop (the start of the transaction of the first event at or after a time, by
:func:`~binlog_kaitai.seek.seek_datetime`; or the end of a GTID's transaction, by
:func:`~binlog_kaitai.seek.seek_gtid`), and checks every link between the files in
between as ``check`` does. A missing file, another server's file, a GTID gap or a
damaged file in the way makes the plan impossible.

The plan is sound or refused: the start must be a position a replay can start from (an
event start where no transaction is open; ``bad_start`` names the nearest ones
otherwise), and the stop must lie inside the archive: a time with an event at or after
it in the files from the start on (else the server may have written more after the
newest file, which the archive lacks), but not one the backup already holds (an event
before the start stamped at or after it), a GTID whose transaction ends in them and not
before the start. A refusal names the nearest valid choices: the replay starts around
a bad position, the archive's last event time and its last complete transaction.

The result is the files with their
start and stop positions, the first and last GTID each contributes, and the
``mariadb-binlog ... | mariadb`` (or ``mysqlbinlog ... | mysql``) command that replays it.
"""

from __future__ import annotations

import math
import os
import re
import shlex
from dataclasses import asdict, dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.archive import (
    Problem,
    chain_groups,
    file_problem,
    find_binlogs,
    next_name,
    pair_problems,
    successor_problems,
    unusable,
)
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.gtid_set import GtidSet, GtidTextError, parse_mariadb_state
from binlog_kaitai.positions import PositionError, check_event_start
from binlog_kaitai.seek import (
    Gtid,
    gtids_between,
    last_complete_transaction,
    replay_starts_around,
    seek_datetime,
    seek_gtid,
    time_text,
    transaction_end,
)
from binlog_kaitai.storage import each_input
from binlog_kaitai.stream import MAGIC, BinlogStream
from binlog_kaitai.summary import Summary, summary
from binlog_kaitai.times import local_times_in, to_epoch

DAMAGE_AT = re.compile(r"^offset (\d+): ")
"""Where a summary's ``error`` says the damage starts."""
BLOCKING = frozenset({"missing_file", "wrong_successor", "server_change", "gtid_gap",
                      "damaged", "encrypted", "unreadable", "no_start", "bad_start",
                      "no_stop"})
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
    unusable: dict[str, Problem] = field(default_factory=dict, repr=False, compare=False)
    """The archive's files present but unusable (:func:`~binlog_kaitai.archive.unusable`):
    a link to one names its problem, not an absent file."""

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
         from_gtid: str | None = None, to_datetime: datetime | str | float | None = None,
         to_gtid: Gtid | None = None) -> Plan:
    """The plan from a backup's position (``from_position`` FILE, POS, or ``from_gtid``)
    to ``to_datetime`` (a ``datetime``, date-time text or epoch seconds, fractions kept:
    :func:`~binlog_kaitai.times.to_epoch`) or through ``to_gtid``; see the module
    docstring."""
    when = None if to_datetime is None else to_epoch(to_datetime)
    source = (f"{from_position[0]}:{from_position[1]}" if from_position is not None
              else f"gtid {from_gtid}")
    target = (time_text(when) if when is not None
              else f"gtid {to_gtid.text if to_gtid else ''}")
    result = Plan(source, target)
    inputs_found = find_binlogs(inputs)
    summaries = each_input(summary, inputs_found.paths)
    result.unusable = unusable(inputs_found.errors, summaries)
    found = _start(chain_groups(summaries), from_position, from_gtid)
    if isinstance(found, Problem):
        result.problems.append(found)
        return result
    chain, index, start = found
    if to_gtid is not None and from_gtid is not None and GtidState(from_gtid).holds(to_gtid):
        result.problems.append(Problem("no_stop", chain[index].file, f"{to_gtid.text} is "
                                       f"in the backup's GTID set {from_gtid}: it comes "
                                       "before the start (nothing to replay)"))
        return result
    stop = _stop(chain, index, start, when, to_gtid, result)
    if stop is None:
        return result
    last, stop_pos = stop
    _fill(result, chain[index:last + 1], start, stop_pos)
    if when is not None and when != math.floor(when):
        result.problems.append(_whole_seconds(chain[last].file, when))
    return result


def _whole_seconds(file: str, when: float) -> Problem:
    """The note for a target with a fraction of a second: events carry whole seconds,
    so those stamped in the target's second are replayed (their stamps are before it)
    though some may have been written after it; the target's second alone excludes
    them, as ``mysqlbinlog --stop-datetime`` does."""
    second = time_text(math.floor(when))
    return Problem("whole_seconds", file, f"events carry whole seconds: the fraction of "
                   f"{time_text(when)} cannot be honoured; the events stamped {second} are "
                   f"replayed, though some may have been written after {time_text(when)}; "
                   f"target {second} to leave them out")


Start = tuple[list[Summary], int, int] | Problem
"""The chain the plan reads, the index of its first file and the position in it."""


def _start(groups: list[list[Summary]], from_position: tuple[str, int] | None,
           from_gtid: str | None) -> Start:
    """The start at the position given (checked: see :func:`_checked_start`) or after
    the GTID set; a problem when there is none."""
    try:
        if from_position is None:
            return _start_at_gtids(groups, GtidState(from_gtid or ""))
        found = _start_at_position(groups, *from_position)
        return found if isinstance(found, Problem) else _checked_start(*found)
    except GtidTextError as exc:
        return Problem("no_start", "", f"not a GTID set: {exc}")
    except BinlogError as exc:  # a walk for the start met damage
        return damaged(exc)


def _start_at_position(groups: list[list[Summary]], name: str, pos: int) -> Start:
    for chain in groups:
        for i, s in enumerate(chain):
            if os.path.basename(s.file) == os.path.basename(name):
                if s.size is not None and not 4 <= pos <= s.size:
                    return Problem("no_start", s.file, f"position {pos} is outside the file "
                                   f"({s.size} bytes)")
                return chain, i, pos
    return Problem("no_start", name, "not among the archive's binlogs")


def _checked_start(chain: list[Summary], i: int, pos: int) -> Start:
    """The start given, when a replay can start there (an event start where no
    transaction is open: see :func:`~binlog_kaitai.seek.replay_starts_around`); else
    ``bad_start`` naming the nearest positions that can. Replaying from inside a
    transaction applies its second half alone; from inside an event, garbage."""
    file = chain[i].file
    try:
        check_event_start(file, pos)
        why = None
    except PositionError as exc:
        why = exc.message
    before, after = replay_starts_around(file, pos)
    if why is None and before == pos:
        return chain, i, pos
    if why is None:
        why = f"position {pos} is inside the transaction that starts at {before}"
    near = " and ".join(str(p) for p in (before, after) if p is not None)
    return Problem("bad_start", file, f"{why}; the nearest positions a replay can start "
                   f"from are {near}")


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
    state = file_state(chain[i].previous_gtids or "")  # None: damaged, so none known
    before = dict(state.mariadb or {}) if state is not None else {}
    with BinlogStream(chain[i].file, bodies=kinds.GTID) as stream:
        for ev in stream.events():
            gtid = Gtid.of(ev)
            if gtid is not None and not backup.holds(gtid):
                return _none_held_after(chain, i, ev.pos, backup, before)
            if gtid is not None:
                before[gtid.key] = max(gtid.number, before.get(gtid.key, 0))
    return _none_held_after(chain, i, chain[i].size or 4, backup, before)


def _none_held_after(chain: list[Summary], i: int, pos: int, backup: GtidState,
                     before: dict[str, int]) -> Start:
    """The start found in a MariaDB set, unless the set holds GTIDs of a domain past
    those before the start (``before``: each domain's last seq_no there): they come
    after it, or in no file, and a replay would apply them again (MariaDB applies a
    GTID it has; MySQL skips one in gtid_executed, so its sets need no such check)."""
    later = sorted(f"domain {d} up to {seq}" for d, seq in (backup.mariadb or {}).items()
                   if seq > before.get(d, 0))
    if not later:
        return chain, i, pos
    held = ", ".join(f"domain {d} up to {seq}" for d, seq in sorted(before.items()))
    return Problem("bad_start", chain[i].file, f"the first GTID outside {backup.text} is at "
                   f"{pos}, but the set holds {', '.join(later)}, past the GTIDs before it "
                   f"({held or 'none'}): a replay from there would apply them again")


def _stop(chain: list[Summary], index: int, start: int, when: float | None,
          to_gtid: Gtid | None, result: Plan) -> tuple[int, int] | None:
    """The index of the last file and the stop position in it; None, with the problem
    in ``result``, when there is none: a target before the start, a GTID whose
    transaction does not end in the archive, or one past the archive's end (then with
    the problems of the chain from the start on)."""
    early = None if to_gtid is None else _gtid_before_start(chain, index, start, to_gtid)
    if early is not None:
        result.problems.append(early)
        return None
    for i in range(index, len(chain)):
        try:
            stop = _stop_in(chain, i, start if i == index else None, when, to_gtid,
                            result.target)
        except BinlogError as exc:
            stop = damaged(exc)
        if isinstance(stop, Problem):
            result.problems.append(stop)
            return None
        if stop is not None:
            return i, stop
    _links(result, chain[index:], None)
    try:
        result.problems.append(_beyond(chain[-1], to_gtid, result))
    except BinlogError as exc:
        result.problems.append(damaged(exc))
    return None


def _stop_in(chain: list[Summary], i: int, start: int | None, when: float | None,
             to_gtid: Gtid | None, target: str) -> int | Problem | None:
    """The stop position in ``chain[i]`` (``start``: the plan's, when it is the first
    file); None when the stop is not in this file. A time whose first event is in the
    file before the start, or is the start file's first event (it stands for the end
    of the file before, which the backup holds), comes before the start."""
    s, last = chain[i], i == len(chain) - 1
    if to_gtid is not None:
        return _gtid_stop(chain, i, start, to_gtid)
    assert when is not None
    if not last and s.end_timestamp is not None and s.end_timestamp < when:
        return None
    at = seek_datetime(s.file, when)
    if at.pos is None or at.timestamp is None or at.transaction_pos is None:
        return None
    if start is not None and (at.pos < start or at.pos == len(MAGIC)):
        return Problem("no_stop", s.file, f"{target} comes before the start ({start}): "
                       f"the event at {at.pos} is stamped {time_text(at.timestamp)}; "
                       f"{_first_after(s, start, by_time=True)}")
    return at.transaction_pos


def _gtid_before_start(chain: list[Summary], index: int, start: int, to_gtid: Gtid
                       ) -> Problem | None:
    """A problem when the start file's GTID state holds ``to_gtid``: it comes before the
    start, in the file of the chain that holds it (named when found), not past the
    archive's end."""
    first = chain[index]
    state = file_state(first.previous_gtids or "")
    if state is None or not state.holds(to_gtid):
        return None
    where = next((f"it is in {os.path.basename(s.file)} at {found.pos}"
                  for s in chain[:index] if (found := seek_gtid(s.file, to_gtid)).pos
                  is not None), f"{os.path.basename(first.file)}'s GTID state "
                 f"{first.previous_gtids} holds it")
    return Problem("no_stop", first.file, f"gtid {to_gtid.text} comes before the start "
                   f"({start}): {where}; {_first_after(first, start)}")


def _first_after(s: Summary, start: int, *, by_time: bool = False) -> str:
    """The first transaction from ``start`` on (past the file's own events: its format
    description, GTID list...), as the nearest valid target to offer for one before
    the start: its GTID, where it ends and its last event's time; the earliest target
    that replays it, a GTID or (``by_time``) the second after that."""
    with BinlogStream(s.file, bodies=frozenset()) as stream:
        begin = next((ev.pos for ev in stream.events(start)
                      if ev.type_code not in kinds.FILE_LEVEL), None)
    end = None if begin is None else transaction_end(s.file, begin)
    if begin is None or end is None:
        return f"no transaction ends after it in {os.path.basename(s.file)}"
    with BinlogStream(s.file, bodies=frozenset()) as stream:
        stamp = max(ev.timestamp for ev in stream.events(begin, end))
    gtid = gtids_between(s.file, begin, end)[0]
    return (f"the first transaction after it {f'({gtid}) ' if gtid else ''}ends at "
            f"{end}, stamped {time_text(stamp)}: the earliest target that replays it is "
            f"{time_text(stamp + 1) if by_time or not gtid else gtid}")


def _gtid_stop(chain: list[Summary], i: int, start: int | None, to_gtid: Gtid
               ) -> int | Problem | None:
    """The end of ``to_gtid``'s transaction in ``chain[i]``; None when it is not
    there; a problem when it ends before the start, or not in the file."""
    s = chain[i]
    later = None if i == len(chain) - 1 else file_state(chain[i + 1].previous_gtids or "")
    if later is not None and not later.holds(to_gtid):  # (a damaged one rules out none)
        return None
    found = seek_gtid(s.file, to_gtid)
    if found.pos is None:
        return None
    end = transaction_end(s.file, found.pos)
    if end is None:
        return Problem("no_stop", s.file, f"the transaction of {to_gtid.text} (from "
                       f"{found.pos}) does not end in the file; "
                       f"{_last_complete(s)}")
    if start is not None and end < start:
        return Problem("no_stop", s.file, f"gtid {to_gtid.text} comes before the start "
                       f"({start}): its transaction ends at {end}; {_first_after(s, start)}")
    return end


def _beyond(newest: Summary, to_gtid: Gtid | None, result: Plan) -> Problem:
    """The target is past the archive's end: the server may have written more after
    its newest file (the file a ROTATE names, one after a STOP and a restart, or the
    rest of a file in use), which the archive lacks, or holds unusable."""
    name, target = os.path.basename(newest.file), result.target
    if newest.end_reason == "rotate":
        ending = (f"ROTATEs to {os.path.basename(newest.next_file or '')}, "
                  f"{_absent(newest, newest.next_file, result)}")
    elif newest.end_reason == "stop":
        ending = ("ends with STOP: a restart writes a new file, "
                  f"{_absent(newest, next_name(newest.file), result)}")
    else:
        ending = "has no ROTATE or STOP: the server may be writing it"
    complete = _last_complete(newest)
    if to_gtid is not None:
        return Problem("no_stop", newest.file, f"{to_gtid.text} is not in the files from "
                       f"the start on; the newest, {name}, {ending}; {complete}")
    return Problem("no_stop", newest.file, f"{target} is after the archive's last event "
                   f"({newest.end_time}), and its newest file, {name}, {ending}: the "
                   f"latest target inside the archive is {newest.end_time}; {complete}")


def _absent(newest: Summary, successor: str | None, result: Plan) -> str:
    """``absent``, or, when the successor is there but unusable, what is wrong with it
    (its problem is then the plan's too, which ``plan`` says on stderr as it says
    every damaged file)."""
    known = None if successor is None else result.unusable.get(os.path.normpath(
        os.path.join(os.path.dirname(newest.file), os.path.basename(successor))))
    if known is None:
        return "absent"
    result.problems.append(known)
    return f"present but {known.kind}"


def _last_complete(s: Summary) -> str:
    """The file's last complete transaction, as the valid choice to offer."""
    found = last_complete_transaction(s.file)
    if found is None:
        return f"no transaction ends in {os.path.basename(s.file)}"
    end, gtid = found
    return f"its last complete transaction {f'({gtid}) ' if gtid else ''}ends at {end}"


def _fill(result: Plan, files: list[Summary], start: int, stop: int | None) -> None:
    """The files, their links' problems, their GTIDs and the command."""
    _links(result, files, stop)
    for i, s in enumerate(files):
        entry = PlanFile(s.file, start if i == 0 else 4, stop if i == len(files) - 1 else None)
        try:
            entry.first_gtid, entry.last_gtid = gtids_between(s.file, entry.start, entry.stop)
        except BinlogError as exc:
            result.problems.append(damaged(exc))
        result.files.append(entry)
    if result.possible:
        result.command = replay_command(files, start, stop)


def _links(result: Plan, files: list[Summary], stop: int | None) -> None:
    """The problems of the files (damage) and of the links between them, as ``check``
    reports them."""
    names = {os.path.basename(s.file) for s in files}
    for i, s in enumerate(files):
        if s.error is not None or s.truncated:
            result.problems.append(_damage(s, stop if i == len(files) - 1 else None))
    for f, g in pairwise(files):
        result.problems += (successor_problems(f, g, names, result.unusable)[1]
                            + pair_problems(f, g))
        if f.end_reason == "none" and f.error is None and not f.truncated:
            result.problems.append(Problem("unterminated", f.file, "ends without ROTATE "
                                           f"or STOP, yet {os.path.basename(g.file)} follows"))


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
    return file_problem(s)


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
    KIND: detail``, their times local as the rest of the text), then the command (or
    why there is none)."""
    head = ("file", "start", "stop", "first_gtid", "last_gtid")
    rows = [[f.file, str(f.start), "end" if f.stop is None else str(f.stop),
             f.first_gtid or "", f.last_gtid or ""] for f in result.files]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(head)]
    lines = [f"# from {result.source} to {local_times_in(result.target)}"]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip()
              for r in ([list(head), *rows] if rows else [])]
    lines += [f"{p.file}: {p.kind}: {local_times_in(p.detail)}" for p in result.problems]
    lines.append(result.command or "# no plan: " + ", ".join(
        sorted({p.kind for p in result.problems if p.kind in BLOCKING})))
    return lines


def parse_position(text: str) -> tuple[str, int]:
    """``FILE:POS`` (the file as named in the archive); ValueError otherwise."""
    name, _, pos = text.rpartition(":")
    if not name or not pos.isdigit():
        raise ValueError(f"not FILE:POS: {text!r}")
    return name, int(pos)
