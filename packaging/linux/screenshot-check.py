#!/usr/bin/env python3
"""Checks that a screenshot (Xvfb's -fbdir framebuffer, an XWD file) shows a drawn window, not
an empty screen, and writes it as a PNG for people to look at.
Usage: screenshot-check.py SCREEN.xwd OUT.png
A blank screen is one colour; a window whose web view never painted is a few flat colours. A
conversation with text has antialiased glyphs in hundreds of shades."""
import struct
import sys
import zlib

MIN_COLOURS = 200          # distinct colours anywhere on the screen
MAX_DOMINANT_SHARE = 0.97  # no single colour may cover more of the screen than this


def read_xwd(path):
    data = open(path, "rb").read()
    for order in (">", "<"):
        header = struct.unpack(order + "25I", data[:100])
        if header[1] == 7 and 100 <= header[0] < 4096:
            break
    else:
        raise SystemExit(f"{path} is not an XWD file")
    (header_size, _version, pixmap_format, depth, width, height, _xoff, byte_order, _unit,
     _bit_order, _pad, bits_per_pixel, bytes_per_line, _visual, red_mask, green_mask, blue_mask,
     _bits_per_rgb, _entries, ncolors) = header[:20]
    if pixmap_format != 2 or bits_per_pixel != 32:
        raise SystemExit(f"{path}: only 32-bit ZPixmap screens are read (format {pixmap_format}, {bits_per_pixel} bpp, depth {depth})")
    offset = header_size + ncolors * 12
    pixel_order = "<" if byte_order == 0 else ">"
    rows = []
    for y in range(height):
        start = offset + y * bytes_per_line
        rows.append(struct.unpack_from(pixel_order + f"{width}I", data, start))
    return width, height, rows, (red_mask, green_mask, blue_mask)


def shift_of(mask):
    return (mask & -mask).bit_length() - 1


def write_png(path, width, height, rows, masks):
    shifts = [shift_of(m) for m in masks]
    raw = bytearray()
    for row in rows:
        raw.append(0)
        for pixel in row:
            raw += bytes(((pixel & m) >> s) & 0xFF for m, s in zip(masks, shifts))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        out.write(chunk(b"IDAT", zlib.compress(bytes(raw), 6)))
        out.write(chunk(b"IEND", b""))


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    width, height, rows, masks = read_xwd(sys.argv[1])
    write_png(sys.argv[2], width, height, rows, masks)
    counts = {}
    for row in rows:
        for pixel in row:
            counts[pixel & 0xFFFFFF] = counts.get(pixel & 0xFFFFFF, 0) + 1
    dominant = max(counts.values()) / (width * height)
    print(f"screenshot {width}x{height}: {len(counts)} colours, the commonest covers {dominant:.0%}")
    if len(counts) < MIN_COLOURS or dominant > MAX_DOMINANT_SHARE:
        print(f"looks blank: needs at least {MIN_COLOURS} colours and no colour above {MAX_DOMINANT_SHARE:.0%}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
