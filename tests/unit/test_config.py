"""Settings read from the environment: the executor is one of the known ones."""

import pytest

from etl.config import EXECUTORS, Settings


def test_the_executor_defaults_to_local_and_takes_ray() -> None:
    assert Settings.from_env({}).executor == "local"
    assert Settings.from_env({"PAPERHOUSE_EXECUTOR": " Ray "}).executor == "ray"
    assert Settings.from_env({"PAPERHOUSE_RAY_OBJECT_STORE_MB": "300"}).ray_object_store_mb == 300
    assert Settings.from_env({}).ray_part_mb == 256
    assert Settings.from_env({"PAPERHOUSE_RAY_PART_MB": "64"}).ray_part_bytes == 64 * 1024**2
    assert EXECUTORS == ("local", "ray")


def test_an_unknown_executor_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="PAPERHOUSE_EXECUTOR must be one of local, ray"):
        Settings.from_env({"PAPERHOUSE_EXECUTOR": "spark"})
