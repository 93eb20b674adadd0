"""The gate in a process of its own, started as a load starts.

Importing Great Expectations takes about three seconds, more than a small load's whole read;
in the load's own process it can only come after the read (imported on a thread beside the
transform, it held the interpreter's lock that the transform's many short calls into Polars
wait for). A child process imports it, and what the gate needs of it, while the load starts
and reads, then runs the gate on the staged tables when asked: they are committed, so any
session sees them. The child stays for the life of the process, so a process that loads
again asks it again.

A process that already holds Great Expectations (it ran a gate itself, or imported it for
other reasons, as the tests do) runs the gate itself: nothing is left to prepare.

This module imports nothing heavy, so that the `etl` command can start the child before it
imports the rest of paperhouse (see etl.__main__). The child is a plain interpreter started
for it, not a multiprocessing one, which would import the command's main module (all of
paperhouse) before starting. It ends when the load's process does: the process kills it at
exit, and a killed one's end of the socket closes, which the child reads as the end. Its
database sessions carry the run's tag, so a later load ends any a killed run left behind.
"""

from __future__ import annotations

import atexit
import socket
import subprocess
import sys
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlalchemy as sa

    from etl.config import Settings
    from etl.validate.gate import GateResult

_VERDICT = "verdict"
_ERROR = "error"
# The commands whose run goes through the gate.
GATED_COMMANDS = ("load", "rederive")

_worker: GateProcess | None = None


class GateProcessError(RuntimeError):
    """The gate's process failed or ended without a verdict: the gate cannot tell, so it is
    closed."""


class GateProcess:
    """A child process that imports Great Expectations at once and then runs the gate of
    each run it is sent."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        self._process = subprocess.Popen(
            [
                sys.executable,
                # Not the working directory first on the path: an `etl` folder there is not
                # paperhouse.
                "-P",
                "-c",
                "import sys; from etl.validate.gate_process import serve; serve(int(sys.argv[1]))",
                str(theirs.fileno()),
            ],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            # The command's stdout is its own (`etl load --json`); the child's errors still
            # reach stderr.
            stdout=subprocess.DEVNULL,
        )
        theirs.close()
        self._pipe = Connection(ours.detach())
        atexit.register(self.close)

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def alive(self) -> bool:
        return self._process.poll() is None

    def run(
        self, engine: sa.Engine, staging_schema: str, settings: Settings, data_docs_dir: Path
    ) -> GateResult:
        """The gate's verdict on the staged tables, from the child (see run_gate)."""
        url = engine.url.render_as_string(hide_password=False)
        try:
            self._pipe.send((url, staging_schema, settings, data_docs_dir))
            kind, answer = self._pipe.recv()
        except (EOFError, OSError) as error:
            raise GateProcessError(
                f"the quality gate's process ended without a verdict "
                f"(exit code {self._process.poll()}): {type(error).__name__}"
            ) from error
        if kind == _ERROR:
            raise GateProcessError(f"the quality gate failed: {answer}")
        return answer

    def close(self) -> None:
        """End the child: it is idle or still importing, as nothing waits for a verdict."""
        self._pipe.close()
        self._process.kill()
        self._process.wait()


def command_runs_a_gate(argv: list[str]) -> bool:
    """Whether the `etl` arguments name a command that runs the gate (and are not a call
    for help): a hint only, read before the parser is built; a wrong one costs a process
    started for nothing or started later."""
    return argv[:1] in ([c] for c in GATED_COMMANDS) and not {"-h", "--help"} & set(argv)


def prepare() -> None:
    """Start the gate's process, unless one is running or this process holds Great
    Expectations already."""
    global _worker
    if "great_expectations" in sys.modules or (_worker is not None and _worker.alive):
        return
    _worker = GateProcess()


def gate(
    engine: sa.Engine, staging_schema: str, settings: Settings, data_docs_dir: Path
) -> GateResult:
    """run_gate, in the prepared process if there is one, else here."""
    if _worker is None:
        from etl.validate.gate import run_gate

        return run_gate(engine, staging_schema, settings, data_docs_dir)
    return _worker.run(engine, staging_schema, settings, data_docs_dir)


def serve(fd: int) -> None:
    """The child: prepare, then answer each request until the parent's end closes."""
    pipe = Connection(fd)
    try:
        import sqlalchemy as sa

        from etl.validate.gate import prepare_great_expectations, run_gate

        prepare_great_expectations()
        while True:
            try:
                url, staging_schema, settings, data_docs_dir = pipe.recv()
            except EOFError:
                return
            engine = sa.create_engine(url)
            try:
                reply = (_VERDICT, run_gate(engine, staging_schema, settings, data_docs_dir))
            except Exception as error:
                reply = (_ERROR, "".join(traceback.format_exception_only(error)).strip())
            finally:
                engine.dispose()
            pipe.send(reply)
    except (KeyboardInterrupt, BrokenPipeError):
        # Ctrl-C reaches the whole process group; the load's process reports it.
        return
