"""Peak memory of a benchmark child process."""

from __future__ import annotations


def peak_rss_kib(pid: int | str = "self") -> int:
    """A process's peak resident set size in KiB (``VmHWM``); OSError once it is gone.
    Not ``ru_maxrss``: that one keeps, across fork and exec, the size the parent had when
    it forked, so a child of a large benchmark process would report at least the
    parent's size."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status")
