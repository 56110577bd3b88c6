"""The KubeRay manifest (deploy/kuberay/raycluster.yaml) against our own JSON schema of the
RayCluster fields it relies on (tests/cluster/data/raycluster.schema.json, written from the
documented fields: KubeRay's CRD file is not kept here), and the rules the schema cannot
say: the head on the grading pool, each group on its own pool with its own image and
`--group`, explicit probes on every container that need no HTTP server, the pinned Ray.
And `ofb cluster health`, the probes' command, on a fake /proc. Needs no Kubernetes."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from openfrontiers.cli import app
from openfrontiers.cluster.node import missing_processes

REPO = Path(__file__).resolve().parents[2]
MANIFEST = REPO / "deploy/kuberay/raycluster.yaml"
SCHEMA = Path(__file__).resolve().parent / "data/raycluster.schema.json"


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text())


def _errors(doc: dict) -> list[str]:
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]


def _groups(doc: dict) -> list[tuple[str, dict, bool]]:
    """(group name, pod template spec, is the head) of every pod group."""
    head = ("head", doc["spec"]["headGroupSpec"]["template"]["spec"], True)
    return [head] + [
        (g["groupName"], g["template"]["spec"], False) for g in doc["spec"]["workerGroupSpecs"]
    ]


def test_the_manifest_fits_the_schema(manifest):
    assert _errors(manifest) == []


def test_the_schema_refuses_what_kuberay_would(manifest):
    broken = copy.deepcopy(manifest)
    broken["spec"]["headGroupSpec"]["rayStartParams"]["num-cpus"] = 0  # must be a string
    del broken["spec"]["workerGroupSpecs"][0]["groupName"]
    probe = broken["spec"]["workerGroupSpecs"][1]["template"]["spec"]["containers"][0]
    probe["livenessProbe"] = {"periodSeconds": 10}  # no handler
    probe["livenesProbe"] = {"exec": {"command": ["true"]}}  # a misspelt field
    found = " ".join(_errors(broken))
    assert "num-cpus" in found and "'groupName' is a required property" in found
    assert "livenessProbe" in found and "livenesProbe" in found


def test_each_pod_group_runs_on_its_own_pool_with_its_own_image_and_check(manifest):
    for name, spec, head in _groups(manifest):
        group = "grading" if head else name
        assert spec["nodeSelector"] == {"openfrontiers/pool": group}, name
        (container,) = spec["containers"]
        assert container["image"].split("/")[-1].startswith(f"openfrontiers-{group}:"), name
        command = container["args"][0]
        assert f'exec ofb cluster node --group {group} -- "$KUBERAY_GEN_RAY_START_CMD"' in command
    assert manifest["metadata"]["annotations"]["ray.io/overwrite-container-cmd"] == "true"


def test_every_container_has_its_own_probes_and_none_asks_an_http_server(manifest):
    for name, spec, head in _groups(manifest):
        (container,) = spec["containers"]
        for kind in ("livenessProbe", "readinessProbe"):
            probe = container[kind]  # given: KubeRay then adds none of its own
            assert probe["exec"]["command"] == [
                "ofb",
                "cluster",
                "health",
                *(["--head"] if head else []),
            ]
            assert "httpGet" not in probe, name
    assert "52365" not in MANIFEST.read_text() and "8265" not in MANIFEST.read_text()


def test_the_head_serves_ray_client_and_runs_the_pinned_ray(manifest):
    head = manifest["spec"]["headGroupSpec"]
    port = int(head["rayStartParams"]["ray-client-server-port"])
    (container,) = head["template"]["spec"]["containers"]
    assert {"name": "client", "containerPort": port} in container["ports"]
    assert head["rayStartParams"]["num-cpus"] == "0"
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    (pin,) = project["project"]["optional-dependencies"]["ray"]
    assert re.fullmatch(r"ray\[client\]==(\S+)", pin).group(1) == manifest["spec"]["rayVersion"]


def _proc(tmp_path: Path, *programs: str) -> Path:
    proc = tmp_path / "proc"
    for pid, program in enumerate(programs, start=1):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "cmdline").write_bytes(program.encode() + b"\0--flag\0")
    (proc / "self").mkdir(parents=True, exist_ok=True)  # not a pid
    return proc


def test_the_health_probe_wants_the_raylet_and_on_the_head_the_gcs(tmp_path):
    raylet = "/usr/lib/python3/site-packages/ray/core/src/ray/raylet/raylet"
    gcs = "/usr/lib/python3/site-packages/ray/core/src/ray/gcs/gcs_server"
    assert missing_processes(_proc(tmp_path / "a", raylet, gcs), head=True) == []
    assert missing_processes(_proc(tmp_path / "b", raylet), head=False) == []
    assert missing_processes(_proc(tmp_path / "c", raylet), head=True) == ["gcs_server"]
    assert missing_processes(_proc(tmp_path / "d", "ray::IDLE", "bash"), head=False) == ["raylet"]
    result = CliRunner().invoke(app, ["cluster", "health", "--help"])
    assert result.exit_code == 0 and "--head" in result.output
