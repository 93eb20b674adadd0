"""scripts/build_dataset_list.py: which benchmark names of the taxonomy it keeps, and that the
shipped list is what it builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from etl.vocab.measures import load_listed_datasets
from tests.samples import SHARED_DATA, needs_shared_data
from tests.unit.scripts.script_module import load_script

build = load_script("build_dataset_list")


@pytest.mark.parametrize(
    "name",
    ["KITTI 2015", "SST-2", "VoxCeleb", "nuScenes-C", "TREC-COVID", "RAVDESS", "MIMIC-III"],
)
def test_a_name_marked_by_its_form_is_kept(name: str) -> None:
    assert build.is_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "SSL",  # a bare acronym of four capitals or fewer: as often a method or a field
        "Age and Gender",  # plain words
        "dim 64",  # a setting
        "2024 AI City Challenge",  # a competition
        "KILT: TriviaQA",  # a description
        "A Dataset of Multispectral Potato Plants Images",
    ],
)
def test_a_word_a_setting_or_a_description_is_not(name: str) -> None:
    assert not build.is_name(name)


def test_a_split_is_its_datasets_name(tmp_path: Path) -> None:
    detailed = tmp_path / "all_tasks_detailed.csv"
    detailed.write_text(
        "Category,Task Name,Common Datasets (Top 10),Benchmarks\n"
        'CV,Detection,BDD100K; SSL,"COCO-2017 test-dev; BDD100K val; DeLiVER test"\n'
    )
    assert build.benchmark_names(detailed) == ["BDD100K", "COCO-2017", "DeLiVER"]


@needs_shared_data
def test_the_shipped_list_is_the_one_the_taxonomy_gives() -> None:
    taxonomy = SHARED_DATA / "taxonomy" / "pwc-tasks" / "all_tasks_detailed.csv"
    shipped = load_listed_datasets()["dataset_name"].to_list()
    assert shipped == build.benchmark_names(taxonomy)
    assert {"TREC-COVID", "MIMIC-III", "RAVDESS", "ScanNetV2", "AudioSet"} <= set(shipped)
