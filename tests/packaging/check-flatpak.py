#!/usr/bin/env python3
"""Checks the Flatpak manifest, which cannot be built here (its runtimes come from Flathub).

    check-flatpak.py MANIFEST SOURCE_DIR FLATPAK_BUILDER

  - flatpak-builder parses it (--show-manifest) without a warning (it only warns about
    unknown properties and sources it cannot read);
  - the runtime, SDK and WebEngine BaseApp are the KDE ones, on one Qt branch;
  - finish-args are exactly the reviewed set below: a new permission fails until it is
    reviewed and added here;
  - the BaseApp's cleanup runs and QTWEBENGINE_DICTIONARIES_PATH is set, as the BaseApp asks;
  - every git source names its commit and every download its checksum;
  - npm-sources.json, as packaging/flatpak/npm-sources.mjs writes it, holds exactly the npm
    packages the build reads from node_modules, at the versions and checksums of
    package-lock.json.
Prints one line per problem and exits 1 when there is any.
"""
import base64
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

# Reviewed with packaging/flatpak/org.valis.Valis.yml, which says why each one is needed.
REVIEWED_FINISH_ARGS = {
    "--share=network",
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
    "--talk-name=org.freedesktop.secrets",
    "--filesystem=home",
    "--env=QTWEBENGINE_DICTIONARIES_PATH=/app/qtwebengine_dictionaries",
}
HEX40 = re.compile(r"^[0-9a-f]{40}$")


def npm_packages_the_build_reads(source):
    """The node_modules packages CMake copies or reads, from the files that name them."""
    packages = set()
    conversation = (source / "desktop/conversation/conversation.cmake").read_text(encoding="utf-8")
    vendor = re.search(r"set\(valis_web_vendor(.*?)\)", conversation, re.DOTALL)
    for entry in re.findall(r'"([^"=]+)=[^"]+"', vendor.group(1) if vendor else ""):
        parts = entry.split("/")
        packages.add("/".join(parts[:2]) if entry.startswith("@") else parts[0])
    web = re.search(r"set\(valis_web_packages ([^)]*)\)", conversation)
    packages.update((web.group(1) if web else "").split())
    about = (source / "desktop/about/about.cmake").read_text(encoding="utf-8")
    packages.update(re.findall(r'list\(APPEND valis_bundled_packages "([^"=$]+)=', about))
    for cmake in ("harness/src/tokens/tokens.cmake",):
        text = (source / cmake).read_text(encoding="utf-8")
        packages.update(re.findall(r"node_modules/((?:@[^/\"]+/)?[^/\"]+)", text))
    linux = source / "packaging/linux.cmake"
    if linux.exists():
        bundled = re.search(r"set\(bundled_npm(.*?)\)\n", linux.read_text(encoding="utf-8"), re.DOTALL)
        packages.update(entry.split("|")[0] for entry in re.findall(r'"([^"]+)"', bundled.group(1) if bundled else ""))
    return packages


def check_sources(module, problems):
    for source in module.get("sources", []):
        if isinstance(source, str):
            continue
        kind = source.get("type")
        where = f"module {module.get('name')}, {kind} source {source.get('url') or source.get('path')}"
        if kind == "git" and not HEX40.match(str(source.get("commit", ""))):
            problems.append(f"{where}: no commit to pin it")
        if kind in ("archive", "file") and "url" in source and not (source.get("sha256") or source.get("sha512")):
            problems.append(f"{where}: no checksum")


def check_npm_sources(sources, source_dir, problems):
    lock = json.loads((source_dir / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    wanted = npm_packages_the_build_reads(source_dir)
    if len(wanted) < 5:
        problems.append(f"found only {sorted(wanted)} as npm packages the build reads: the CMake files changed shape")
    seen = set()
    for source in sources:
        name = source.get("dest", "").removeprefix("node_modules/")
        seen.add(name)
        entry = lock.get(f"node_modules/{name}")
        if not entry:
            problems.append(f"npm-sources.json: {name} is not in package-lock.json")
            continue
        algorithm, _, digest = entry["integrity"].partition("-")
        if algorithm != "sha512" or source.get("sha512") != base64.b64decode(digest).hex():
            problems.append(f"npm-sources.json: {name}: checksum differs from package-lock.json")
        tarball = f"{name.split('/')[-1]}-{entry['version']}.tgz"
        if not source.get("url", "").endswith(f"/{name}/-/{tarball}"):
            problems.append(f"npm-sources.json: {name}: {source.get('url')} is not version {entry['version']}")
        if source.get("type") != "archive" or source.get("strip-components") != 1:
            problems.append(f"npm-sources.json: {name}: must unpack its package/ folder into {source.get('dest')}")
    for name in sorted(wanted - seen):
        problems.append(f"npm-sources.json lacks {name}, which the build reads from node_modules")
    for name in sorted(seen - wanted):
        problems.append(f"npm-sources.json has {name}, which the build does not read")


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    manifest_path, source_dir, flatpak_builder = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    problems = []
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))

    expected = {"app-id": "org.valis.Valis", "runtime": "org.kde.Platform", "sdk": "org.kde.Sdk",
                "base": "io.qt.qtwebengine.BaseApp", "command": "valis"}
    for key, value in expected.items():
        if manifest.get(key) != value:
            problems.append(f"{key} is {manifest.get(key)!r}, expected {value!r}")
    if str(manifest.get("runtime-version")) != str(manifest.get("base-version")):
        problems.append(f"runtime-version {manifest.get('runtime-version')} and base-version "
                        f"{manifest.get('base-version')} differ: the BaseApp must match the runtime's Qt")

    finish_args = manifest.get("finish-args", [])
    if len(finish_args) != len(set(finish_args)):
        problems.append("finish-args repeats a permission")
    for arg in sorted(set(finish_args) - REVIEWED_FINISH_ARGS):
        problems.append(f"finish-args grants {arg}, which is not in the reviewed set")
    for arg in sorted(REVIEWED_FINISH_ARGS - set(finish_args)):
        problems.append(f"finish-args lacks {arg}, which Valis needs")
    if "/app/cleanup-BaseApp.sh" not in manifest.get("cleanup-commands", []):
        problems.append("cleanup-commands does not run /app/cleanup-BaseApp.sh")

    modules = manifest.get("modules", [])
    names = [module.get("name") for module in modules if isinstance(module, dict)]
    if "qtkeychain" not in names or not names or names[-1] != "valis":
        problems.append(f"modules are {names}: qtkeychain, then valis last")
    for module in modules:
        check_sources(module, problems)
    valis = modules[-1] if modules else {}
    if not any(isinstance(s, dict) and s.get("type") == "dir" and s.get("path") == "../.." for s in valis.get("sources", [])):
        problems.append("the valis module does not build this checkout (a dir source at ../..)")
    if "npm-sources.json" not in valis.get("sources", []):
        problems.append("the valis module does not take its npm packages from npm-sources.json")

    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        shutil.copy(manifest_path, work / manifest_path.name)
        generated = subprocess.run(["node", str(source_dir / "packaging/flatpak/npm-sources.mjs"),
                                    str(work / "npm-sources.json")], capture_output=True, text=True)
        if generated.returncode != 0:
            problems.append(f"npm-sources.mjs failed: {generated.stderr.strip()}")
        else:
            check_npm_sources(json.loads((work / "npm-sources.json").read_text()), source_dir, problems)
        # --show-manifest writes a .flatpak-builder folder into the current one.
        shown = subprocess.run([flatpak_builder, "--show-manifest", manifest_path.name],
                               cwd=work, capture_output=True, text=True)
        if shown.returncode != 0 or "WARNING" in shown.stderr or "Can't" in shown.stderr:
            problems.append(f"flatpak-builder --show-manifest: {shown.stderr.strip()}")
        elif json.loads(shown.stdout).get("id") != "org.valis.Valis":
            problems.append("flatpak-builder read another app id")

    for problem in problems:
        print(problem)
    print(f"{manifest_path}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
