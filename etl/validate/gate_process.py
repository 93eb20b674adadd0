"""The gate in a process of its own, started as a load starts.

Importing Great Expectations takes about three seconds, more than a small load's whole read;
in the load's own process it can only come after the read (imported on a thread beside the
transform, it held the interpreter's lock that the transform's many short calls into Polars
wait for). A child process imports it, and what the gate needs of it, while the load starts
and reads, then runs the gate on the staged tables when asked: they are committed, so any
session sees them. It answers with the verdict, then writes the gate's Data Docs while the
load publishes; the load waits for them before it commits (wait_for_data_docs), so a run
whose pages could not be written still fails whole. The child stays for the life of the
process, so a process that loads again asks it again.

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
_DATA_DOCS = "data docs"
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
        # Whether the child is writing the Data Docs of the last verdict it gave.
        self._writing_data_docs = False
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
        """The gate's verdict on the staged tables, from the child (see run_gate); its Data
        Docs are still being written (see wait_for_data_docs)."""
        self.wait_for_data_docs()
        url = engine.url.render_as_string(hide_password=False)
        self._send((url, staging_schema, settings, data_docs_dir))
        verdict = self._receive(_VERDICT)
        self._writing_data_docs = True
        return verdict

    def wait_for_data_docs(self) -> None:
        """Wait until the Data Docs of the last verdict are written; raise if they could not
        be."""
        if self._writing_data_docs:
            self._writing_data_docs = False
            self._receive(_DATA_DOCS)

    def _send(self, request: tuple) -> None:
        try:
            self._pipe.send(request)
        except OSError as error:
            raise self._ended(error) from error

    def _receive(self, expected: str) -> object:
        try:
            kind, answer = self._pipe.recv()
        except (EOFError, OSError) as error:
            raise self._ended(error) from error
        if kind == _ERROR:
            raise GateProcessError(f"the quality gate failed: {answer}")
        if kind != expected:
            raise GateProcessError(f"the quality gate's process answered {kind}, not {expected}")
        return answer

    def _ended(self, error: BaseException) -> GateProcessError:
        return GateProcessError(
            f"the quality gate's process ended without a verdict "
            f"(exit code {self._process.poll()}): {type(error).__name__}"
        )

    def close(self) -> None:
        """End the child: it is idle, still importing, or writing Data Docs that nothing waits
        for any more."""
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


def wait_for_data_docs() -> None:
    """Wait until the Data Docs of the last gate are written (a gate run here wrote them
    before its verdict); raise GateProcessError if they could not be."""
    if _worker is not None:
        _worker.wait_for_data_docs()


def serve(fd: int) -> None:
    """The child: prepare, then answer each request until the parent's end closes."""
    pipe = Connection(fd)
    try:
        import sqlalchemy as sa

        from etl.validate.gate import prepare_great_expectations, validate_staged

        prepare_great_expectations()
        while True:
            try:
                url, staging_schema, settings, data_docs_dir = pipe.recv()
            except EOFError:
                return
            engine = sa.create_engine(url)
            try:
                verdict, write_data_docs = validate_staged(
                    engine, staging_schema, settings, data_docs_dir
                )
            except Exception as error:
                pipe.send((_ERROR, _message(error)))
                continue
            finally:
                # No session of the gate outlives its verdict: the load drops the staging
                # schema next.
                engine.dispose()
            pipe.send((_VERDICT, verdict))
            try:
                write_data_docs()
            except Exception as error:
                pipe.send((_ERROR, f"its Data Docs could not be written: {_message(error)}"))
            else:
                pipe.send((_DATA_DOCS, None))
    except (KeyboardInterrupt, ConnectionError):
        # Ctrl-C reaches the whole process group, and the load's process may end before the
        # Data Docs of its last verdict are written (its end of the socket gone): the load's
        # process reports what happened.
        return


def _message(error: Exception) -> str:
    return "".join(traceback.format_exception_only(error)).strip()
