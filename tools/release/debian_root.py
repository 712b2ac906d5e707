"""Debian 11 (bullseye) roots under ``build/``, made with debootstrap, and commands run in them.

``make release`` builds the Linux program inside such a root (so it needs no newer C library
than bullseye's 2.31) and ``make release-check`` runs it in a second, minimal one that has no
Python at all. Each root is made once and kept: a stamp file inside it names how it was made,
and a root whose stamp is missing or different (a half-made one, or another package list) is
made again from scratch. Nothing here is a container image: debootstrap installs Debian's own
packages from the Debian mirror this machine's apt already uses (``DEBIAN_MIRROR`` overrides).

Commands run through ``unshare`` in their own mount and process namespaces: ``/proc`` and
``/dev/shm`` are mounted for them alone and vanish with them, and every process they start is
killed when they end, so an interrupted build leaves neither mounts nor processes behind.
Making roots and entering them needs root (``sudo make release``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
SUITE = "bullseye"
STAMP = ".one-more-card-root"
APT_SOURCES = (Path("/etc/apt/sources.list"), Path("/etc/apt/sources.list.d"))
# The environment of every command inside a root: nothing leaks in from the caller's.
BASE_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": "/root",
    "LANG": "C.UTF-8",
    "DEBIAN_FRONTEND": "noninteractive",
}


class RootError(RuntimeError):
    """A root could not be made or used; the message says why and what to do."""


@dataclass(frozen=True)
class RootSpec:
    """How one root is made: its folder, debootstrap's variant and the extra packages."""

    path: Path
    variant: str
    include: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"{SUITE} {self.variant} {','.join(sorted(self.include))}".strip()


def mirror() -> str:
    """The Debian mirror: ``DEBIAN_MIRROR``, else the first one this machine's apt lists."""
    if os.environ.get("DEBIAN_MIRROR"):
        return os.environ["DEBIAN_MIRROR"]
    files: list[Path] = []
    for source in APT_SOURCES:
        if source.is_dir():
            files += sorted(source.glob("*.sources")) + sorted(source.glob("*.list"))
        elif source.is_file():
            files.append(source)
    for file in files:
        for line in file.read_text(encoding="utf-8", errors="replace").splitlines():
            words = line.split()
            for word in words:
                if word.startswith(("http://", "https://")) and word.rstrip("/").endswith(
                    "/debian"
                ):
                    return word.rstrip("/")
    raise RootError(
        "no Debian mirror found in /etc/apt: set DEBIAN_MIRROR to one (its URL ends in /debian)"
    )


def require_tools() -> None:
    """Root, debootstrap, unshare and chroot, or a clear message saying which is missing."""
    if os.geteuid() != 0:
        raise RootError("making and entering Debian roots needs root: run it with sudo")
    for tool in ("debootstrap", "unshare", "chroot"):
        if shutil.which(tool) is None:
            hint = " (apt-get install debootstrap)" if tool == "debootstrap" else ""
            raise RootError(f"{tool} is not installed{hint}")


def is_ready(spec: RootSpec) -> bool:
    try:
        return (spec.path / STAMP).read_text(encoding="utf-8").strip() == spec.describe()
    except OSError:
        return False


def ensure_root(spec: RootSpec) -> bool:
    """Make the root unless a complete one made the same way is there; True if made now."""
    if is_ready(spec):
        return False
    require_tools()
    partial = spec.path.with_name(spec.path.name + ".tmp")
    for old in (partial, spec.path):
        if old.exists():
            shutil.rmtree(old)
    partial.parent.mkdir(parents=True, exist_ok=True)
    command = ["debootstrap", f"--variant={spec.variant}"]
    if spec.include:
        command.append("--include=" + ",".join(spec.include))
    command += [SUITE, str(partial), mirror()]
    print(f"making the {spec.describe()} root in {spec.path} (several minutes)", flush=True)
    if subprocess.run(command, check=False).returncode != 0:
        raise RootError(f"debootstrap failed (its log: {partial}/debootstrap/debootstrap.log)")
    (partial / STAMP).write_text(spec.describe() + "\n", encoding="utf-8")
    partial.rename(spec.path)
    return True


def _command(root: Path, argv: Sequence[str], env: Mapping[str, str]) -> list[str]:
    """``argv`` inside ``root``, in private mount and process namespaces (see the docstring)."""
    (root / "dev" / "shm").mkdir(parents=True, exist_ok=True)
    (root / "proc").mkdir(exist_ok=True)
    mounts = (
        'mount -t proc proc "$0/proc" && mount -t tmpfs -o mode=1777 shm "$0/dev/shm"'
        ' && exec chroot "$0" "$@"'
    )
    environment = [f"{key}={value}" for key, value in {**BASE_ENV, **env}.items()]
    return [
        "unshare", "--mount", "--pid", "--fork", "--kill-child", "--propagation", "private",
        "sh", "-c", mounts, str(root), "/usr/bin/env", "-i", *environment, *argv,
    ]  # fmt: skip


# Where the host's trusted certificate authorities go inside a root, and the variables that
# make pip (and Python's ssl) use them there.
HOST_CA = "/etc/ssl/host-ca-certificates.crt"
NETWORK_ENV = {"PIP_CERT": HOST_CA, "SSL_CERT_FILE": HOST_CA}


def share_network(root: Path) -> dict[str, str]:
    """The host's resolver and trusted certificate authorities, so pip and apt inside the root
    reach the registries as the host does (also through a proxy that shows its own
    certificate); the environment that points pip at them."""
    target = root / "etc" / "resolv.conf"
    if target.is_symlink() or target.exists():
        target.unlink()
    shutil.copyfile("/etc/resolv.conf", target)
    for bundle in (Path("/etc/ssl/certs/ca-certificates.crt"), Path("/etc/pki/tls/cert.pem")):
        if bundle.is_file():
            shutil.copyfile(bundle, root / HOST_CA.lstrip("/"))
            return dict(NETWORK_ENV)
    return {}


def run_in(
    root: Path, script: str, env: Mapping[str, str] | None = None, timeout: float | None = None
) -> int:
    """Run a bash script inside the root (output straight to ours); its exit status."""
    argv = ["/bin/bash", "-euo", "pipefail", "-c", script]
    try:
        return subprocess.run(
            _command(root, argv, env or {}), check=False, timeout=timeout
        ).returncode
    except subprocess.TimeoutExpired:
        print(f"timed out after {timeout:.0f} s", file=sys.stderr)
        return 124


def popen_in(root: Path, argv: Sequence[str], env: Mapping[str, str]) -> subprocess.Popen[str]:
    """Start ``argv`` inside the root with its output on a pipe (stderr merged into stdout)."""
    return subprocess.Popen(
        _command(root, argv, env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


@contextmanager
def step(title: str) -> Iterator[None]:
    """Print a step's title and, when it ends, how long it took."""
    print(f"==> {title}", flush=True)
    start = time.monotonic()
    yield
    print(f"    {title}: {time.monotonic() - start:.1f} s", flush=True)
