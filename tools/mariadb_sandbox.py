"""A throwaway MariaDB server in a temporary directory, for writing real binary logs.

Usage::

    with MariaDBSandbox(options={"binlog_format": "ROW"}) as db:
        db.sql("CREATE DATABASE d; CREATE TABLE d.t (i INT); INSERT INTO d.t VALUES (1)")
        db.flush_logs()
        db.stop()                      # clean shutdown: the last binlog ends with STOP
        files = db.binlog_paths()      # copy them before leaving the block

The server listens only on a Unix socket inside the sandbox directory (and, with ``port``,
on 127.0.0.1), reads no option files (``--no-defaults``) and is always stopped when the
``with`` block ends, even if the body raises. Needs ``mariadb-install-db``, ``mariadbd``
and ``mariadb`` on PATH (``mariadbd`` is also looked up in /usr/sbin and /usr/local/sbin,
which are often not on a non-root user's PATH).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

__all__ = ["MariaDBSandbox", "SandboxError", "find_program"]

OptionValue = str | int | bool | None
Options = Mapping[str, OptionValue] | Sequence[str]

#: Options that keep startup and shutdown fast and the server self-contained.
#: Caller options come after these on the command line, so they win.
DEFAULT_OPTIONS: dict[str, OptionValue] = {
    "innodb_buffer_pool_size": "16M",
    "innodb_buffer_pool_dump_at_shutdown": False,
    "innodb_buffer_pool_load_at_startup": False,
    "innodb_flush_log_at_trx_commit": 2,
    "innodb_doublewrite": False,
    "sync_binlog": 0,
    "character_set_server": "utf8mb4",
    "collation_server": "utf8mb4_general_ci",
}

_SOCKET_PATH_MAX = 107  # sizeof(sockaddr_un.sun_path) - 1 on Linux


class SandboxError(RuntimeError):
    """The sandbox server could not be set up, started, queried or stopped."""


def find_program(name: str) -> str | None:
    """Return the full path of a MariaDB program, also searching the sbin directories."""
    found = shutil.which(name)
    if found:
        return found
    extra = os.pathsep.join(["/usr/sbin", "/usr/local/sbin", "/sbin"])
    return shutil.which(name, path=extra)


def _require(name: str) -> str:
    path = find_program(name)
    if path is None:
        raise SandboxError(f"{name} not found on PATH (install mariadb-server mariadb-client)")
    return path


def _option_args(options: Options | None) -> list[str]:
    """Turn ``{"binlog_format": "ROW", "log_bin_compress": True}`` into command-line flags.

    ``True``/``False`` become ``=ON``/``=OFF``, ``None`` a bare ``--flag``. A sequence is
    taken as ready-made arguments.
    """
    if options is None:
        return []
    if not isinstance(options, Mapping):
        return [str(arg) for arg in options]
    args: list[str] = []
    for key, value in options.items():
        flag = "--" + key.lstrip("-").replace("_", "-")
        if value is None:
            args.append(flag)
        elif isinstance(value, bool):
            args.append(f"{flag}={'ON' if value else 'OFF'}")
        else:
            args.append(f"{flag}={value}")
    return args


def _free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class MariaDBSandbox:
    """A private mariadbd with binary logging on, living in one directory.

    Layout of ``base_dir``: ``data/`` (datadir), ``binlog/binlog.NNNNNN`` + ``binlog.index``,
    ``files/`` (``secure_file_priv``: the only place LOAD DATA / INTO OUTFILE may use),
    ``tmp/``, ``mysqld.sock``, ``mysqld.pid``, ``error.log``.

    If ``base_dir`` is not given a temporary directory is created and removed again when
    the context manager exits (unless ``keep=True``); copy binlogs out before that.
    """

    def __init__(
        self,
        base_dir: str | Path | None = None,
        options: Options | None = None,
        *,
        server_id: int = 1,
        gtid_domain_id: int | None = None,
        encryption_key: str | None = None,
        startup_timeout: float = 60.0,
        shutdown_timeout: float = 60.0,
        keep: bool = False,
        port: int | None = None,
    ) -> None:
        """Configure (but do not start) a sandbox.

        ``options`` are extra server options, either a mapping (see :func:`_option_args`)
        or a list of ready-made ``--flag=value`` strings. ``encryption_key`` (hex, 32, 48 or
        64 digits) writes a key file with that key as key id 1, loads the
        ``file_key_management`` plugin and turns on ``encrypt_binlog``. ``port`` also
        listens on TCP, on 127.0.0.1 only (0 picks a free port; see :attr:`port`).
        """
        self._owns_dir = base_dir is None
        if base_dir is None:
            base_dir = tempfile.mkdtemp(prefix="mariadb-sandbox-")
        self.base_dir = Path(base_dir).resolve()
        self.options = options
        self.server_id = server_id
        self.gtid_domain_id = gtid_domain_id
        self.encryption_key = encryption_key
        self.startup_timeout = startup_timeout
        self.shutdown_timeout = shutdown_timeout
        self.keep = keep
        self.port = _free_port() if port == 0 else port
        self._proc: subprocess.Popen[bytes] | None = None

        if len(str(self.socket_path)) > _SOCKET_PATH_MAX:
            raise SandboxError(f"socket path too long for a Unix socket: {self.socket_path}")

    # -- paths ---------------------------------------------------------------------------

    @property
    def datadir(self) -> Path:
        return self.base_dir / "data"

    @property
    def binlog_dir(self) -> Path:
        return self.base_dir / "binlog"

    @property
    def binlog_basename(self) -> Path:
        """The ``--log-bin`` value: files are ``binlog.000001``, ..., and ``binlog.index``."""
        return self.binlog_dir / "binlog"

    @property
    def files_dir(self) -> Path:
        """The server's ``secure_file_priv`` directory."""
        return self.base_dir / "files"

    @property
    def socket_path(self) -> Path:
        return self.base_dir / "mysqld.sock"

    @property
    def pid_file(self) -> Path:
        return self.base_dir / "mysqld.pid"

    @property
    def error_log(self) -> Path:
        return self.base_dir / "error.log"

    @property
    def key_file(self) -> Path:
        return self.base_dir / "keys.txt"

    # -- lifecycle -----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self._cleanup_dir()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            self.stop()
        finally:
            self._cleanup_dir()

    def server_args(self) -> list[str]:
        """The full mariadbd command line (without the program name)."""
        args = ["--no-defaults", *self._user_args()]
        args += [
            f"--datadir={self.datadir}",
            f"--socket={self.socket_path}",
            *(["--skip-networking"] if self.port is None
              else [f"--port={self.port}", "--bind-address=127.0.0.1"]),
            f"--pid-file={self.pid_file}",
            f"--log-error={self.error_log}",
            f"--log-bin={self.binlog_basename}",
            f"--server-id={self.server_id}",
            "--default-time-zone=+00:00",
            f"--tmpdir={self.base_dir / 'tmp'}",
            f"--secure-file-priv={self.files_dir}",
        ]
        if self.gtid_domain_id is not None:
            args.append(f"--gtid-domain-id={self.gtid_domain_id}")
        args += _option_args(DEFAULT_OPTIONS)
        if self.encryption_key is not None:
            args += [
                "--plugin-load-add=file_key_management",
                f"--file-key-management-filename={self.key_file}",
                "--encrypt-binlog=ON",
            ]
        args += _option_args(self.options)
        return args

    def start(self) -> None:
        """Create the datadir if needed, start mariadbd and wait until it answers."""
        if self.running:
            return
        mariadbd = _require("mariadbd")
        for sub in (self.binlog_dir, self.files_dir, self.base_dir / "tmp"):
            sub.mkdir(parents=True, exist_ok=True)
        if self.encryption_key is not None:
            self.key_file.write_text(f"1;{self.encryption_key}\n")
        if not (self.datadir / "mysql").is_dir():
            self._install_db()

        # Own session: a Ctrl-C in the terminal reaches us, not the server, so that we can
        # still shut it down cleanly; and the whole group can be killed as a last resort.
        with open(self.base_dir / "mariadbd.out", "ab") as out:
            self._proc = subprocess.Popen(
                [mariadbd, *self.server_args()],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        atexit.register(self._kill)
        try:
            self._wait_ready()
        except BaseException:
            self._kill()
            raise

    def stop(self) -> None:
        """Shut the server down cleanly (SIGTERM), killing it after ``shutdown_timeout``.

        A clean shutdown writes STOP_EVENT to the active binlog and clears its in-use flag.
        Calling ``stop`` on a stopped sandbox does nothing.
        """
        proc = self._proc
        if proc is None:
            return
        try:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=self.shutdown_timeout)
                except subprocess.TimeoutExpired as exc:
                    self._kill()
                    raise SandboxError(
                        f"mariadbd did not shut down within {self.shutdown_timeout}s; killed"
                        f"\n{self.error_log_tail()}"
                    ) from exc
        finally:
            self._kill()

    def _kill(self) -> None:
        """Make sure no server process is left (SIGKILL to its process group)."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        self._proc = None
        atexit.unregister(self._kill)

    def _cleanup_dir(self) -> None:
        if self._owns_dir and not self.keep and not self.running:
            shutil.rmtree(self.base_dir, ignore_errors=True)

    def _user_args(self) -> list[str]:
        # mariadbd refuses to run as root without --user=root; as another user the
        # option would only produce a warning, so leave it out.
        return ["--user=root"] if os.geteuid() == 0 else []

    def _install_db(self) -> None:
        cmd = [
            _require("mariadb-install-db"),
            "--no-defaults",
            *self._user_args(),
            f"--datadir={self.datadir}",
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
        ]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
        if res.returncode != 0:
            raise SandboxError(
                f"mariadb-install-db failed ({res.returncode}):\n{res.stdout}\n{res.stderr}"
            )

    def _wait_ready(self) -> None:
        assert self._proc is not None
        deadline = time.monotonic() + self.startup_timeout
        while True:
            if self._proc.poll() is not None:
                raise SandboxError(
                    f"mariadbd exited with status {self._proc.returncode} during startup"
                    f"\n{self.error_log_tail()}"
                )
            if self.socket_path.exists():
                res = self._client(["--execute=SELECT 1"], None, timeout=10, check=False)
                if res.returncode == 0:
                    return
            if time.monotonic() > deadline:
                raise SandboxError(
                    f"mariadbd did not answer within {self.startup_timeout}s"
                    f"\n{self.error_log_tail()}"
                )
            time.sleep(0.05)

    def error_log_tail(self, lines: int = 30) -> str:
        """The last lines of the server error log (for error messages)."""
        try:
            text = self.error_log.read_text(errors="replace")
        except OSError:
            return f"(no error log at {self.error_log})"
        tail = "\n".join(text.splitlines()[-lines:])
        return f"--- last lines of {self.error_log} ---\n{tail}"

    # -- queries -------------------------------------------------------------------------

    def client_args(self, database: str | None = None) -> list[str]:
        """Command line for the ``mariadb`` client connected to this server (batch mode)."""
        args = [
            _require("mariadb"),
            "--no-defaults",
            f"--socket={self.socket_path}",
            "--user=root",
            "--batch",
            "--skip-column-names",
        ]
        if database is not None:
            args.append(f"--database={database}")
        return args

    def _client(
        self, extra: Iterable[str], stdin: str | None, *, timeout: float, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        res = subprocess.run(
            [*self.client_args(), *extra],
            input=stdin if stdin is not None else "",
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if check and res.returncode != 0:
            raise SandboxError(f"mariadb client failed ({res.returncode}):\n{res.stderr.strip()}")
        return res

    def sql(self, text: str, *, database: str | None = None, timeout: float = 600.0) -> str:
        """Run SQL (one or more statements, one client session) and return the output.

        Output is tab-separated, one row per line, without column names. Stops at and
        raises on the first error.
        """
        if not self.running:
            raise SandboxError("the sandbox server is not running")
        extra = [f"--database={database}"] if database is not None else []
        return self._client(extra, text, timeout=timeout).stdout

    def flush_logs(self) -> None:
        """Close the active binlog (ROTATE at its end) and open the next one."""
        self.sql("FLUSH BINARY LOGS")

    def binlog_paths(self) -> list[Path]:
        """The binlog files listed in the index file, oldest first."""
        index = self.binlog_basename.with_suffix(".index")
        if not index.exists():
            return []
        paths = []
        for line in index.read_text().splitlines():
            if line.strip():
                path = Path(line.strip())
                paths.append(path if path.is_absolute() else self.datadir / path)
        return paths
