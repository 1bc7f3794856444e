"""Regenerate the real-server binlog fixtures in tests/fixtures/mariadb from their SQL.

Usage: ``python -m tools.make_fixtures [scenario ...]`` (default: every scenario).

One folder per scenario holds the inputs

* ``*.sql`` -- run in name order, each file in one ``mariadb`` client session (today every
  scenario has a single ``scenario.sql``). ``{{FILES_DIR}}`` is replaced by the server's
  ``secure_file_priv`` directory (for LOAD DATA / SELECT ... INTO OUTFILE).
* ``options.json`` -- ``{"server_options": {...}, "server_id": 1, "gtid_domain_id": 0,
  "encryption_key": "<hex>", "capture": "shutdown" | "running"}``; everything is optional.
  ``capture: shutdown`` (default) copies the binlogs after a clean shutdown (the last file
  ends with STOP); ``running`` copies them while the server runs (in-use flag set, no
  ROTATE/STOP at the end of the last file).

and the outputs, which are committed too and replaced on every run

* ``binlog.NNNNNN`` -- the binlog files, in the order of the server's index file;
* ``events.tsv`` -- what the server itself lists for them (``SHOW BINLOG EVENTS``, taken
  after restarting the server on the same data directory): file, pos, event_type,
  end_log_pos. It is the reference for encrypted files, which mariadb-binlog cannot read.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.mariadb_sandbox import MariaDBSandbox, OptionValue, SandboxError, find_program

FIXTURES_DIR = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "mariadb"
FILES_DIR_PLACEHOLDER = "{{FILES_DIR}}"
EVENTS_FILE = "events.tsv"
_KNOWN_KEYS = {"server_options", "server_id", "gtid_domain_id", "encryption_key", "capture",
               "mariadb_binlog_fails"}


@dataclass
class Scenario:
    """A fixture scenario: SQL steps plus the server configuration to run them with."""

    name: str
    directory: Path
    sql_files: list[Path]
    server_options: dict[str, OptionValue] = field(default_factory=dict)
    server_id: int = 1
    gtid_domain_id: int | None = None
    encryption_key: str | None = None
    capture: str = "shutdown"
    mariadb_binlog_fails: str | None = None
    """Why mariadb-binlog cannot read these binlogs, when it cannot (then not an error)."""

    @classmethod
    def load(cls, directory: Path) -> Scenario:
        config: dict[str, Any] = {}
        options_file = directory / "options.json"
        if options_file.exists():
            config = json.loads(options_file.read_text())
        unknown = set(config) - _KNOWN_KEYS
        if unknown:
            raise ValueError(f"{options_file}: unknown keys {sorted(unknown)}")
        if config.get("capture", "shutdown") not in ("shutdown", "running"):
            raise ValueError(f"{options_file}: capture must be 'shutdown' or 'running'")
        sql_files = sorted(directory.glob("*.sql"))
        if not sql_files:
            raise ValueError(f"{directory}: no .sql file")
        return cls(
            name=directory.name,
            directory=directory,
            sql_files=sql_files,
            server_options=dict(config.get("server_options", {})),
            server_id=int(config.get("server_id", 1)),
            gtid_domain_id=config.get("gtid_domain_id"),
            encryption_key=config.get("encryption_key"),
            capture=config.get("capture", "shutdown"),
            mariadb_binlog_fails=config.get("mariadb_binlog_fails"),
        )

    def sandbox(self, base_dir: Path | None = None) -> MariaDBSandbox:
        """A (not yet started) sandbox configured for this scenario."""
        return MariaDBSandbox(
            base_dir,
            self.server_options,
            server_id=self.server_id,
            gtid_domain_id=self.gtid_domain_id,
            encryption_key=self.encryption_key,
        )

    def run_sql(self, db: MariaDBSandbox) -> None:
        """Run the scenario's SQL files against a running sandbox."""
        for sql_file in self.sql_files:
            text = sql_file.read_text().replace(FILES_DIR_PLACEHOLDER, str(db.files_dir))
            db.sql(text)


def scenario_names() -> list[str]:
    return sorted(p.parent.name for p in FIXTURES_DIR.glob("*/options.json"))


def show_binlog_events(db: MariaDBSandbox, file_name: str) -> list[tuple[int, str, int]]:
    """``SHOW BINLOG EVENTS IN file_name`` as (pos, event_type, end_log_pos) tuples."""
    rows = []
    for line in db.sql(f"SHOW BINLOG EVENTS IN '{file_name}'").splitlines():
        _log, pos, event_type, _server_id, end_log_pos, *_info = line.split("\t")
        rows.append((int(pos), event_type, int(end_log_pos)))
    return rows


def _copy_binlogs(db: MariaDBSandbox, dest: Path) -> list[Path]:
    copies = []
    for src in db.binlog_paths():
        target = dest / src.name
        shutil.copyfile(src, target)
        copies.append(target)
    return copies


def _check_with_mariadb_binlog(path: Path, encrypted: bool, fails: str | None = None) -> str:
    """Run mariadb-binlog on a produced file; return a one-line verdict."""
    prog = find_program("mariadb-binlog")
    if prog is None:
        return "mariadb-binlog not found, not checked"
    res = subprocess.run(
        [prog, "--base64-output=never", "-vv", str(path)],
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    if res.returncode == 0:
        return "mariadb-binlog OK"
    first_error = next(iter(res.stderr.strip().splitlines()), "")
    if encrypted:
        return f"mariadb-binlog cannot decrypt (expected): {first_error.strip()}"
    if fails:
        return f"mariadb-binlog fails (expected: {fails})"
    raise SandboxError(f"mariadb-binlog failed on {path}:\n{res.stderr}")


def generate(scenario: Scenario, dest: Path | None = None) -> list[Path]:
    """Run a scenario in a fresh sandbox and write its binlogs and events.tsv to ``dest``.

    ``dest`` defaults to the scenario folder; its old outputs are deleted first.
    """
    dest = dest or scenario.directory
    dest.mkdir(parents=True, exist_ok=True)
    for old in [*dest.glob("binlog.[0-9]*"), dest / EVENTS_FILE]:
        old.unlink(missing_ok=True)

    with scenario.sandbox() as db:
        scenario.run_sql(db)
        if scenario.capture == "running":
            copies = _copy_binlogs(db, dest)
            db.stop()
        else:
            db.stop()
            copies = _copy_binlogs(db, dest)

        # Restart on the same datadir (this opens a new binlog, which is not copied) and
        # let the server list the events of the copies. A running-capture copy ends
        # before the STOP the shutdown appended to the original: cut at the copy's size.
        db.start()
        lines = ["file\tpos\tevent_type\tend_log_pos"]
        for copy in copies:
            size = copy.stat().st_size
            events = [ev for ev in show_binlog_events(db, copy.name) if ev[0] < size]
            if not events or events[-1][2] != size:
                raise SandboxError(f"{copy}: events do not end at the file size {size}")
            lines += [f"{copy.name}\t{pos}\t{typ}\t{end}" for pos, typ, end in events]
        db.stop()
    (dest / EVENTS_FILE).write_text("\n".join(lines) + "\n")
    return copies


def _summary(dest: Path) -> str:
    counts: dict[str, Counter[str]] = {}
    for line in (dest / EVENTS_FILE).read_text().splitlines()[1:]:
        file_name, _pos, event_type, _end = line.split("\t")
        counts.setdefault(file_name, Counter())[event_type] += 1
    out = []
    for file_name, counter in counts.items():
        types = ", ".join(f"{t} x{n}" for t, n in sorted(counter.items()))
        out.append(f"    {file_name}: {types}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", help=f"default: all of {scenario_names()}")
    args = parser.parse_args(argv)
    names = args.scenarios or scenario_names()
    for name in names:
        directory = FIXTURES_DIR / name
        if not (directory / "options.json").exists():
            parser.error(f"unknown scenario {name!r} (choose from {scenario_names()})")
    for name in names:
        scenario = Scenario.load(FIXTURES_DIR / name)
        start = time.monotonic()
        copies = generate(scenario)
        print(f"{name}: {time.monotonic() - start:.1f}s")
        for copy in copies:
            verdict = _check_with_mariadb_binlog(copy, scenario.encryption_key is not None,
                                                 scenario.mariadb_binlog_fails)
            print(f"  {copy.relative_to(FIXTURES_DIR.parent.parent.parent)}"
                  f" {copy.stat().st_size} bytes, {verdict}")
        print(_summary(scenario.directory))
    return 0


if __name__ == "__main__":
    sys.exit(main())
