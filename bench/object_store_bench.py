"""`make bench`: ``check`` of 1,000 binlogs on an S3-protocol server (issue 29).

Starts moto's standalone server (``moto[server]``, a dev dependency) behind a proxy that
counts what crosses the wire (:class:`WireCounter`), uploads an archive of 1,000 small
binlogs (:func:`archive_tree`: the MariaDB fixtures' chains, the corpus' small files,
copies of a chain) and runs ``check s3://binlogs/archive/``: its wall time in process
and as a CLI, its requests and the bytes the server sent.

Targets: < 10 s, <= 64 MB transferred, at most 3 GETs and 64 KiB a file. The tests
(tests/test_object_store.py) use the same server, proxy and archive.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench.timing import best_of

REPO = Path(__file__).resolve().parents[1]
MOTO = Path(sys.executable).with_name("moto_server")
FIXTURES = REPO / "tests" / "fixtures" / "mariadb"
CORPUS = Path("/work/shared/corpus")
CHAINS = ("rotation_minimal", "rotation_other", "gtid", "mixed", "alltypes_minimal")
OBJECTS = 1000
BUCKET = "binlogs"
KIB = 1 << 10
KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}
"""moto takes any keys until told to check them (``/moto-api/reset-auth``)."""
REQUEST_LINE = re.compile(rb"(GET|HEAD|PUT|POST|DELETE) (\S+) HTTP/1\.1\r\n")
CHECK_S, CHECK_BYTES = 10.0, 64 << 20
FAILURE = (b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n"
           b"Connection: close\r\n\r\n")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class WireCounter:
    """A TCP proxy to the port ``upstream`` that counts, while recording, the bytes the
    server sends and the request lines the client sends (reads send no bodies, so each
    request line found is one request)."""

    upstream: int
    port: int = field(default_factory=free_port)
    sent: list[bytes] = field(default_factory=list)
    received: int = 0
    recording: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    fail_after: int | None = None
    """The fault knob (:meth:`fail_after_puts`): every request after that many PUTs fails."""
    puts: int = 0

    def start(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def record(self) -> None:
        with self.lock:
            self.sent, self.received, self.recording = [], 0, True

    def fail_after_puts(self, puts: int | None) -> None:
        """From now, let ``puts`` more PUT requests through, then answer every request
        (retries too) with a 500 and a closed connection, as a store failing mid-upload
        does; None: healthy again."""
        with self.lock:
            self.fail_after, self.puts = puts, 0

    def requests(self) -> list[tuple[str, str]]:
        """(method, target) of each request since :meth:`record`; recording stops."""
        with self.lock:
            self.recording = False
            sent = list(self.sent)
        found = []
        for stream in sent:
            found += [(m.group(1).decode(), m.group(2).decode())
                      for m in REQUEST_LINE.finditer(stream)]
        return found

    def _accept(self, listener: socket.socket) -> None:
        while True:
            client, _ = listener.accept()
            server = socket.create_connection(("127.0.0.1", self.upstream))
            outgoing = bytearray()
            with self.lock:
                self.sent.append(outgoing)  # type: ignore[arg-type]
            for src, dst, kept in ((client, server, outgoing), (server, client, None)):
                threading.Thread(target=self._pump, args=(src, dst, kept), daemon=True
                                 ).start()

    def _failing(self, data: bytes) -> bool:
        """Whether the client's ``data`` is to fail (counting the PUTs it starts)."""
        with self.lock:
            if self.fail_after is None:
                return False
            self.puts += sum(1 for m in REQUEST_LINE.finditer(data) if m.group(1) == b"PUT")
            return self.puts > self.fail_after

    def _pump(self, src: socket.socket, dst: socket.socket, kept: bytearray | None) -> None:
        """Copy ``src`` to ``dst``, keeping what a client sends (``kept``) or counting
        what the server sends."""
        with contextlib.suppress(OSError):
            while data := src.recv(1 << 16):
                if kept is not None and self._failing(data):
                    src.sendall(FAILURE)
                    break
                with self.lock:
                    if self.recording and kept is not None:
                        kept += data
                    elif self.recording:
                        self.received += len(data)
                dst.sendall(data)
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)


@dataclass
class S3Server:
    """moto's server on ``moto`` (administration: IAM, authentication, setup) and the
    counting proxy in front of it (:attr:`endpoint`, for the commands)."""

    moto: str
    wire: WireCounter

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.wire.port}"

    def environment(self, direct: bool = False) -> dict[str, str]:
        """The variables pyarrow finds the store by: through the proxy, or ``direct``."""
        return {**KEYS, "AWS_ENDPOINT_URL": self.moto if direct else self.endpoint}

    def filesystem(self) -> object:
        """The store, direct (setup), with the bucket made."""
        import pyarrow.fs as pafs

        fs = pafs.S3FileSystem(access_key="testing", secret_key="testing",
                               region="us-east-1", endpoint_override=self.moto,
                               allow_bucket_creation=True)
        fs.create_dir(BUCKET)
        return fs

    def upload(self, root: Path, prefix: str) -> None:
        """Every file under ``root`` to ``s3://binlogs/PREFIX/``."""
        import pyarrow.fs as pafs

        pafs.copy_files(str(root), f"{BUCKET}/{prefix}", source_filesystem=pafs.LocalFileSystem(),
                        destination_filesystem=self.filesystem())

    def set_auth(self, actions_before_auth: str) -> None:
        """moto checks credentials after that many more requests ("inf": never)."""
        request = urllib.request.Request(f"{self.moto}/moto-api/reset-auth",
                                         data=actions_before_auth.encode(), method="POST",
                                         headers={"Content-Type": "text/plain"})
        urllib.request.urlopen(request, timeout=10).close()


@contextlib.contextmanager
def s3_server(log: Path) -> Iterator[S3Server]:
    """moto's standalone server started on a free port (its log to ``log``), with the
    proxy; stopped after."""
    port = free_port()
    with log.open("wb") as out:
        server = subprocess.Popen([str(MOTO), "-H", "127.0.0.1", "-p", str(port)],
                                  stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_for(f"http://127.0.0.1:{port}/moto-api/")
        wire = WireCounter(port)
        wire.start()
        yield S3Server(f"http://127.0.0.1:{port}", wire)
    finally:
        server.terminate()
        server.wait()


def _wait_for(url: str) -> None:
    """Until the server answers (it starts in a second or two)."""
    for _ in range(600):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"moto_server did not answer at {url}")


def archive_tree(root: Path) -> int:
    """The fixtures' chains, the corpus' small binlogs and a note, then copies of a
    chain (a folder per server) up to :data:`OBJECTS` files; how many files."""
    for chain in CHAINS:
        (root / "fixtures" / chain).mkdir(parents=True)
        for f in sorted((FIXTURES / chain).glob("binlog.0*")):
            shutil.copy(f, root / "fixtures" / chain / f.name)
    (root / "corpus").mkdir()
    for f in sorted(CORPUS.glob("*/*")):
        if f.is_file() and f.name != "README.md" and f.stat().st_size < 16 * KIB:
            shutil.copy(f, root / "corpus" / f"{f.parent.name}__{f.name}")
    (root / "corpus" / "NOTES.txt").write_text("where these came from\n")
    count = sum(1 for p in root.rglob("*") if p.is_file())
    chain = sorted((FIXTURES / "rotation_minimal").glob("binlog.0*"))
    server = 0
    while count < OBJECTS:
        folder = root / "servers" / f"db{server:03d}"
        folder.mkdir(parents=True)
        for f in chain[:OBJECTS - count]:
            shutil.copy(f, folder / f.name)
            count += 1
        server += 1
    return count


def _check_in_process(uri: str) -> None:
    from binlog_kaitai.cli import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(["check", "--json", uri])


def bench_object_store() -> None:
    """``check`` of 1,000 objects: its requests and the bytes the server sent (counted
    at the proxy, in this process), then its wall time as a CLI, the server direct (the
    proxy's threads would slow it)."""
    print("\n== check of 1,000 binlogs on a local S3 server (moto, behind a counting proxy) ==")
    if not MOTO.exists():
        print("skipped: moto[server] is not installed (make setup installs it)")
        return
    with tempfile.TemporaryDirectory() as tmp, s3_server(Path(tmp) / "moto.log") as store:
        root = Path(tmp) / "archive"
        archive_tree(root)
        store.upload(root, "archive")
        uri = f"s3://{BUCKET}/archive/"
        saved = {k: os.environ.get(k) for k in store.environment()}
        os.environ.update(store.environment())
        try:
            store.wire.record()
            _check_in_process(uri)
            requests = store.wire.requests()
        finally:
            for k, v in saved.items():
                if v is None:
                    del os.environ[k]
                else:
                    os.environ[k] = v
        cli = best_of(3, lambda: subprocess.run(
            [sys.executable, "-m", "binlog_kaitai", "check", "--json", uri],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO, check=False,
            env={**os.environ, **store.environment(direct=True)}))
    _report(requests, store.wire.received, cli)


def _report(requests: list[tuple[str, str]], received: int, cli: float) -> None:
    methods: dict[str, int] = {}
    for method, target in requests:
        kind = "LIST" if "list-type" in target else method
        methods[kind] = methods.get(kind, 0) + 1
    print("requests: " + ", ".join(f"{n} {m}" for m, n in sorted(methods.items()))
          + f" ({methods.get('GET', 0) / OBJECTS:.2f} GETs a file)")
    print(f"received: {received / 1e6:.2f} MB ({received / OBJECTS / KIB:.1f} KiB a file; "
          f"target <= {CHECK_BYTES >> 20} MiB) "
          f"{'ok' if received <= CHECK_BYTES else 'OVER'}")
    print(f"time: {cli:.2f} s as a CLI, best of 3 (target < {CHECK_S:.0f} s) "
          f"{'ok' if cli < CHECK_S else 'OVER'}")


if __name__ == "__main__":
    bench_object_store()
