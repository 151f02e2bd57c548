#!/usr/bin/env python3
"""Checks the icons valis-iconpack draws for Windows (.ico) and macOS (.icns) with tools that
read those formats independently (icotool from icoutils, icns2png from icnsutils).

    check-icons.py ICONPACK ICON.svg ICOTOOL ICNS2PNG

Every size must be present, decodable by those tools, of its stated dimensions, and not blank.
icns2png decodes only the 256 to 1024 pixel elements; it lists the others, which are read here
from the container directly.
"""
import re
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 256]
# Each .icns element type and the pixels of its image (the @2x types hold twice their points).
ICNS_TYPES = {"icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "icp6": 64, "ic07": 128,
              "ic13": 256, "ic08": 256, "ic14": 512, "ic09": 512, "ic10": 1024}
# The ones icns2png 0.8 (Debian 12) decodes; it lists the others without decoding them.
ICNS_DECODED = [256, 512, 1024]


def png_size_and_ink(path):
    """(width, height, whether any pixel has colour or opacity) of an 8-bit RGBA/RGB PNG."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    channels = {6: 4, 2: 3}.get(data[25])
    if data[24] != 8 or channels is None:
        raise ValueError(f"{path}: not 8-bit RGB(A)")
    idat = b""
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            idat += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + width * channels
    # A blank image unfilters to zeros whatever the row filters, so any non-zero byte that is
    # not a row's filter type means something was drawn.
    ink = any(raw[row * stride + 1:(row + 1) * stride].strip(b"\0") for row in range(height))
    return width, height, ink


def icns_elements(data, problems):
    """(type, payload) of each element of an .icns: 'icns', total length, then type, length."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        problems.append("valis.icns: no icns header with the file's length")
        return []
    elements, offset = [], 8
    while offset + 8 <= len(data):
        kind, length = struct.unpack(">4sI", data[offset:offset + 8])
        if length < 8 or offset + length > len(data):
            problems.append(f"valis.icns: element at {offset} has a length of {length}")
            break
        elements.append((kind.decode("ascii"), data[offset + 8:offset + length]))
        offset += length
    return elements


def check_images(folder, sizes, what, problems):
    found = {}
    for png in sorted(folder.glob("*.png")):
        try:
            width, height, ink = png_size_and_ink(png)
        except ValueError as error:
            problems.append(f"{what}: {error}")
            continue
        if width != height:
            problems.append(f"{what}: {png.name} is {width}x{height}, not square")
        if not ink:
            problems.append(f"{what}: the {width}x{height} image is blank")
        found[width] = png.name
    for size in sizes:
        if size not in found:
            problems.append(f"{what}: no {size}x{size} image could be read back (found {sorted(found)})")


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    iconpack, svg, icotool, icns2png = sys.argv[1:]
    problems = []
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        environment = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
        for output in ("valis.ico", "valis.icns"):
            made = subprocess.run([iconpack, svg, str(work / output)], capture_output=True, text=True, env=environment)
            if made.returncode != 0 or not (work / output).exists():
                problems.append(f"valis-iconpack {output} failed: {made.stderr.strip()}")

        listing = subprocess.run([icotool, "--list", str(work / "valis.ico")], capture_output=True, text=True)
        listed = sorted(int(field.split("=")[1]) for line in listing.stdout.splitlines()
                        for field in line.split() if field.startswith("--width="))
        if listing.returncode != 0 or listed != sorted(ICO_SIZES):
            problems.append(f"icotool lists sizes {listed} (expected {ICO_SIZES}): {listing.stderr.strip()}")
        (work / "ico").mkdir()
        extracted = subprocess.run([icotool, "--extract", "--output", str(work / "ico"), str(work / "valis.ico")],
                                   capture_output=True, text=True)
        if extracted.returncode != 0:
            problems.append(f"icotool cannot extract the images: {extracted.stderr.strip()}")
        check_images(work / "ico", ICO_SIZES, "valis.ico", problems)

        icns = work / "valis.icns"
        listing = subprocess.run([icns2png, "--list", str(icns)], capture_output=True, text=True)
        listed = re.findall(r"^\s*'(\w{4})'", listing.stdout, re.MULTILINE)
        if listing.returncode != 0 or sorted(listed) != sorted(ICNS_TYPES):
            problems.append(f"icns2png lists the elements {listed} (expected {sorted(ICNS_TYPES)})")
        (work / "icns").mkdir()
        extracted = subprocess.run([icns2png, "--extract", "--output", str(work / "icns"), str(icns)],
                                   capture_output=True, text=True)
        if extracted.returncode != 0:
            problems.append(f"icns2png cannot extract the images: {extracted.stdout.strip()} {extracted.stderr.strip()}")
        check_images(work / "icns", ICNS_DECODED, "valis.icns (icns2png)", problems)
        (work / "elements").mkdir()
        for kind, png in icns_elements(icns.read_bytes() if icns.exists() else b"", problems):
            (work / "elements" / f"{kind}.png").write_bytes(png)
            try:
                width, _, _ = png_size_and_ink(work / "elements" / f"{kind}.png")
            except ValueError as error:
                problems.append(f"valis.icns: element {kind}: {error}")
                continue
            if width != ICNS_TYPES.get(kind):
                problems.append(f"valis.icns: element {kind} is {width} pixels wide, not {ICNS_TYPES.get(kind)}")
        check_images(work / "elements", sorted(set(ICNS_TYPES.values())), "valis.icns (elements)", problems)

    for problem in problems:
        print(problem)
    print(f"icons: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
