#!/usr/bin/env python3
"""Decode Natural Earth 1:50m country outlines (TopoJSON) into flyfun's compact map file.

Usage:
    python3 scripts/prepare_coastlines.py ../shared/data/naturalearth

Writes Data/naturalearth/outlines.bin (and copies the source README/licence next to it).
Standard library only; re-runnable, the output depends only on the input and the constants below.

Why this form: the terminal map needs coastlines and land borders as polylines, nothing else.
TopoJSON already shares each arc between the countries it separates, so an arc used by one
country is coast and an arc used by two is a land border. Each arc is simplified
(Douglas-Peucker, TOLERANCE_DEG, longitude scaled by cos(latitude)), quantised to
1/QUANT degrees, split into pieces of at most PIECE points (so the renderer can skip pieces
outside the view by their bounding box) and delta-encoded as zigzag varints.

File layout (little-endian):
    8 bytes   magic  b"FFMAP01\\n"
    u32       number of pieces
    per piece:
      u8      kind: 0 = coastline, 1 = land border
      varint  number of points n (>= 2)
      n x     zigzag varint dlon, zigzag varint dlat in 1/QUANT degree, the first point relative
              to (0, 0), every other point relative to the previous one
"""

import json
import math
import os
import shutil
import struct
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(REPO, "Data", "naturalearth")
OUT = os.path.join(OUT_DIR, "outlines.bin")
MAGIC = b"FFMAP01\n"
TOLERANCE_DEG = 0.025   # about 1.5 NM: below one braille dot at route scale
QUANT = 100             # 0.01 degree steps (about 0.6 NM)
PIECE = 48              # points per piece at most


def decode_arcs(topo):
    """Absolute lon/lat of every arc (TopoJSON quantised delta encoding undone)."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)
    return arcs


def arc_use_counts(countries):
    """How many country geometries use each arc (1 = coast, 2 = border)."""
    counts = {}

    def walk(node):
        if isinstance(node, int):
            i = node if node >= 0 else ~node
            counts[i] = counts.get(i, 0) + 1
        else:
            for n in node:
                walk(n)

    for g in countries["geometries"]:
        if "arcs" in g:
            walk(g["arcs"])
    return counts


def simplify(pts, tol):
    """Douglas-Peucker on lon scaled by cos(lat), iterative; keeps the end points."""
    if len(pts) < 3:
        return pts
    k = math.cos(math.radians(sum(p[1] for p in pts) / len(pts)))
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        ax, ay = pts[a][0] * k, pts[a][1]
        bx, by = pts[b][0] * k, pts[b][1]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, where = -1.0, -1
        for i in range(a + 1, b):
            px, py = pts[i][0] * k, pts[i][1]
            if norm == 0:
                d = math.hypot(px - ax, py - ay)
            else:
                d = abs(dx * (ay - py) - dy * (ax - px)) / norm
            if d > best:
                best, where = d, i
        if best > tol:
            keep[where] = True
            stack.append((a, where))
            stack.append((where, b))
    return [p for p, kp in zip(pts, keep) if kp]


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(n):
    return (n << 1) if n >= 0 else ((-n << 1) - 1)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = sys.argv[1]
    with open(os.path.join(src, "countries-50m.json"), encoding="utf-8") as f:
        topo = json.load(f)
    arcs = decode_arcs(topo)
    uses = arc_use_counts(topo["objects"]["countries"])
    pieces = []
    for i, arc in enumerate(arcs):
        if i not in uses:
            continue
        kind = 0 if uses[i] == 1 else 1
        q = []
        for lon, lat in simplify(arc, TOLERANCE_DEG):
            p = (round(lon * QUANT), round(lat * QUANT))
            if not q or q[-1] != p:
                q.append(p)
        if len(q) < 2:
            continue
        start = 0
        while start < len(q) - 1:
            piece = q[start:start + PIECE]
            pieces.append((kind, piece))
            start += PIECE - 1
    body = bytearray(MAGIC + struct.pack("<I", len(pieces)))
    for kind, pts in pieces:
        body.append(kind)
        body += varint(len(pts))
        px = py = 0
        for x, y in pts:
            body += varint(zigzag(x - px)) + varint(zigzag(y - py))
            px, py = x, y
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(OUT, "wb") as f:
        f.write(body)
    shutil.copyfile(os.path.join(src, "README.md"), os.path.join(OUT_DIR, "SOURCE_README.md"))
    shutil.copyfile(os.path.join(src, "DATA_LICENSE.md"), os.path.join(OUT_DIR, "DATA_LICENSE.md"))
    npts = sum(len(p) for _, p in pieces)
    coast = sum(1 for k, _ in pieces if k == 0)
    print("%s: %d pieces (%d coast, %d border), %d points, %d bytes"
          % (os.path.relpath(OUT, REPO), len(pieces), coast, len(pieces) - coast, npts, len(body)))


if __name__ == "__main__":
    main()
