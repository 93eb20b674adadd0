"""The `etl` command (and `python -m etl`). A command that runs the quality gate starts the
gate's process first, so that it imports Great Expectations while the rest of paperhouse is
imported here (see etl.validate.gate_process); then etl.cli takes over."""

import sys

from etl.validate import gate_process


def main() -> int:
    if gate_process.command_runs_a_gate(sys.argv[1:]):
        gate_process.prepare()
    from etl.cli import main as run_command

    return run_command()


if __name__ == "__main__":
    sys.exit(main())
