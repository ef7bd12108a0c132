#!/usr/bin/env python3
"""Write a sweepdbg capture from your game (standard library only).

A capture is a .jsonl file: one JSON object per line. "mesh" lines define
mesh ids; "sweep" and "slide" lines are the engine protocol's requests
(docs/engine-protocol.md) with the answer your game got in "answer", and
optionally the game's "frame" and a "label". Replay it with

    debugger replay capture.jsonl

which judges every answer against the exact core.

    from capture import Capture
    with Capture("capture.jsonl") as c:
        mesh = c.mesh(vertices, triangles)
        c.sweep(mesh, axes, start, end, {"hit": True, "t": 0.5}, frame=12, label="player")

Write a mesh again (it gets a new id) whenever the geometry you query
changes. Numbers are written so they read back exactly; a NaN or infinity in
an answer is written as NaN / Infinity / -Infinity, which the debugger reads
as that value and judges wrong.

Run this file to write a small demo capture (one answer wrong on purpose):

    python3 capture.py demo.jsonl
"""

import json
import sys


def _vec(v):
    x, y, z = v
    return [float(x), float(y), float(z)]


class Capture:
    """An open capture file (a context manager; close() when done)."""

    def __init__(self, path):
        self._f = open(path, "w", encoding="utf-8", newline="\n")
        self._next_mesh = 1

    def _line(self, obj):
        # One object per line: json.dumps escapes newlines inside strings.
        self._f.write(json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n")

    def mesh(self, vertices, triangles):
        """Write a mesh line and return its id (1, 2, ...)."""
        mid = self._next_mesh
        self._next_mesh += 1
        self._line({"op": "mesh", "id": mid,
                    "vertices": [_vec(v) for v in vertices],
                    "triangles": [[int(i) for i in t] for t in triangles]})
        return mid

    def _query(self, op, mesh, axes, start, end):
        return {"op": op, "mesh": mesh, "ellipsoid": {"axes": [_vec(a) for a in axes]},
                "start": _vec(start), "end": _vec(end)}

    @staticmethod
    def _tail(obj, frame, label):
        if frame is not None:
            obj["frame"] = int(frame)
        if label is not None:
            obj["label"] = str(label)

    def sweep(self, mesh, axes, start, end, answer, frame=None, label=None):
        """Write a sweep line: the ellipsoid (three semi-axes, world space)
        moving from start to end over mesh, and the game's answer, a dict:
        {"hit": False}, or {"hit": True, "t": ...} with any of "point",
        "normal", "triangle", "feature"."""
        obj = self._query("sweep", mesh, axes, start, end)
        obj["answer"] = dict(answer)
        self._tail(obj, frame, label)
        self._line(obj)

    def slide(self, mesh, axes, start, end, answer, max_iterations=5, skin=0.001, frame=None, label=None):
        """Write a slide line: collide-and-slide from start toward end, and
        the game's answer, a dict: {"final": [x, y, z]} with optional
        "steps": [{"t", "center", "point", "normal", "triangle"}, ...]."""
        obj = self._query("slide", mesh, axes, start, end)
        obj["maxIterations"] = int(max_iterations)
        obj["skin"] = float(skin)
        obj["answer"] = dict(answer)
        self._tail(obj, frame, label)
        self._line(obj)

    def close(self):
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def demo(path):
    """Write the demo capture: the floor, three right answers, one wrong."""
    floor_v = [(0, 0, 0), (4, 0, 0), (0, 0, 4)]
    floor_t = [(0, 1, 2)]
    sphere = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    player = [(0.5, 0, 0), (0, 1, 0), (0, 0, 0.5)]
    with Capture(path) as c:
        mesh = c.mesh(floor_v, floor_t)
        # Falling onto the floor: the center reaches y = 1 halfway. Right.
        c.sweep(mesh, sphere, (1, 3, 1), (1, -1, 1),
                {"hit": True, "t": 0.5, "point": [1, 0, 1], "normal": [0, 1, 0],
                 "triangle": 0, "feature": "face"},
                frame=1, label="unit sphere falls onto the floor")
        # Moving level above the floor: no contact. Right.
        c.sweep(mesh, sphere, (1, 3, 1), (3, 3, 1), {"hit": False}, frame=2, label="level, \"above\" the floor")
        # The player is 1 tall too, so it also touches at t = 0.5; this game
        # said 0.4. Wrong on purpose.
        c.sweep(mesh, player, (1, 3, 1), (1, -1, 1),
                {"hit": True, "t": 0.4, "point": [1, 0, 1], "normal": [0, 1, 0],
                 "triangle": 0, "feature": "face"},
                frame=3, label="wrong on purpose")
        # A slide down and along the floor: contact at t = 0.5 with the center
        # at (1.5, 1, 1), then the horizontal rest, one skin above the floor.
        c.slide(mesh, sphere, (1, 2, 1), (2, 0, 1),
                {"final": [2, 1.001, 1],
                 "steps": [{"t": 0.5, "center": [1.5, 1, 1], "point": [1.5, 0, 1],
                            "normal": [0, 1, 0], "triangle": 0}]},
                max_iterations=5, skin=0.001, frame=4, label="slide along the floor")


if __name__ == "__main__":
    demo(sys.argv[1] if len(sys.argv) > 1 else "demo.jsonl")
