"""Settings read from the environment: the executor is one of the known ones, numbers are
whole and in range."""

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


def test_the_connection_check_is_on_by_default_and_can_be_turned_off() -> None:
    assert Settings.from_env({}).connection_check_ms == 1000
    assert Settings.from_env({"PAPERHOUSE_CONNECTION_CHECK_MS": "250"}).connection_check_ms == 250
    assert Settings.from_env({"PAPERHOUSE_CONNECTION_CHECK_MS": "0"}).connection_check_ms == 0
    with pytest.raises(ValueError, match="PAPERHOUSE_CONNECTION_CHECK_MS must be 0 or more"):
        Settings.from_env({"PAPERHOUSE_CONNECTION_CHECK_MS": "-1"})
    with pytest.raises(ValueError, match="PAPERHOUSE_BATCH_ROWS must be positive"):
        Settings.from_env({"PAPERHOUSE_BATCH_ROWS": "0"})
