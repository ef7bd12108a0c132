#!/usr/bin/env python3
"""Write a sweepdbg capture from your game (standard library only).

A capture is a .jsonl file: one JSON object per line. "mesh" lines define
mesh ids; "sweep" and "slide" lines are the engine protocol's requests
(docs/engine-protocol.md) with the answer your game got in "answer", and
optionally the game's "frame" and a "label". Replay it with

    debugger replay capture.jsonl

which judges every answer against the exact core.

    from capture import Capture, capsule
    with Capture("capture.jsonl") as c:
        mesh = c.mesh(vertices, triangles)
        c.sweep(mesh, axes, start, end, {"hit": True, "t": 0.5}, frame=12, label="player")
        c.sweep(mesh, capsule(0.4, (0, 0.9, 0)), start, end, {"hit": False}, frame=12, label="npc")

The shape of a query is an ellipsoid's three semi-axes (as above), or one
of ellipsoid(axes), capsule(radius, half_segment) or box(axes)
(docs/engine-protocol.md, "Shapes").

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


def ellipsoid(axes):
    """The ellipsoid with three orthogonal semi-axes (world space)."""
    return {"ellipsoid": {"axes": [_vec(a) for a in axes]}}


def capsule(radius, half_segment):
    """The capsule: the points within radius of the segment from
    center - half_segment to center + half_segment (which may be zero)."""
    return {"capsule": {"radius": float(radius), "halfSegment": _vec(half_segment)}}


def box(axes):
    """The box with three orthogonal half extents: center + u a0 + v a1 +
    w a2 with |u|, |v|, |w| <= 1."""
    return {"box": {"axes": [_vec(a) for a in axes]}}


def _shape(shape):
    """The request's shape field of shape: three semi-axes (an ellipsoid),
    or what ellipsoid, capsule or box returned."""
    if isinstance(shape, dict):
        if len(shape) != 1:
            raise ValueError("a shape is one of ellipsoid(...), capsule(...), box(...); got %r" % (shape,))
        (kind, v), = shape.items()
        if kind == "ellipsoid":
            return ellipsoid(v["axes"])
        if kind == "capsule":
            return capsule(v["radius"], v["halfSegment"])
        if kind == "box":
            return box(v["axes"])
        raise ValueError("unknown shape %r" % (kind,))
    return ellipsoid(shape)


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

    def _query(self, op, mesh, shape, start, end):
        obj = {"op": op, "mesh": mesh}
        obj.update(_shape(shape))
        obj["start"], obj["end"] = _vec(start), _vec(end)
        return obj

    @staticmethod
    def _tail(obj, frame, label):
        if frame is not None:
            obj["frame"] = int(frame)
        if label is not None:
            obj["label"] = str(label)

    def sweep(self, mesh, shape, start, end, answer, frame=None, label=None):
        """Write a sweep line: the shape (an ellipsoid's three semi-axes, or
        ellipsoid(...), capsule(...) or box(...); world space) moving from
        start to end over mesh, and the game's answer, a dict: {"hit":
        False}, or {"hit": True, "t": ...} with any of "point", "normal",
        "triangle", "feature"."""
        obj = self._query("sweep", mesh, shape, start, end)
        obj["answer"] = dict(answer)
        self._tail(obj, frame, label)
        self._line(obj)

    def slide(self, mesh, shape, start, end, answer, max_iterations=5, skin=0.001, frame=None, label=None):
        """Write a slide line: collide-and-slide of the shape (as for sweep)
        from start toward end, and the game's answer, a dict: {"final":
        [x, y, z]} with optional "steps": [{"t", "center", "point",
        "normal", "triangle"}, ...]."""
        obj = self._query("slide", mesh, shape, start, end)
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
    """Write the demo capture: the floor, an ellipsoid, a capsule and a box,
    six right answers and one wrong."""
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
        # The other shapes (docs/engine-protocol.md, "Shapes"), the same fall.
        # A capsule of radius 0.5 around the segment 1 up and down from its
        # center: its lowest point, 1.5 below the center, reaches the floor
        # after 1.5 of the 4 units, t = 0.375. Right.
        body = capsule(0.5, (0, 1, 0))
        c.sweep(mesh, body, (1, 3, 1), (1, -1, 1),
                {"hit": True, "t": 0.375, "point": [1, 0, 1], "normal": [0, 1, 0],
                 "triangle": 0, "feature": "face"},
                frame=5, label="capsule falls onto the floor")
        # A box 1 x 1.5 x 0.5: its bottom face, 0.75 below the center, lands
        # flat after 2.25 of the 4 units, t = 0.5625; (1, 0, 1), the middle of
        # the face, is one of its contact points. Right.
        c.sweep(mesh, box([(0.5, 0, 0), (0, 0.75, 0), (0, 0, 0.25)]), (1, 3, 1), (1, -1, 1),
                {"hit": True, "t": 0.5625, "point": [1, 0, 1], "normal": [0, 1, 0],
                 "triangle": 0, "feature": "face"},
                frame=6, label="box falls onto the floor")
        # The capsule slides: from (1, 2, 1) toward (2, 0, 1) its lowest point
        # (0.5 above the floor) touches after a quarter, the center at
        # (1.25, 1.5, 1); the rest, (0.75, -1.5, 0), on the floor is
        # (0.75, 0, 0), one skin above. Right.
        c.slide(mesh, body, (1, 2, 1), (2, 0, 1),
                {"final": [2, 1.501, 1],
                 "steps": [{"t": 0.25, "center": [1.25, 1.5, 1], "point": [1.25, 0, 1],
                            "normal": [0, 1, 0], "triangle": 0}]},
                max_iterations=5, skin=0.001, frame=7, label="capsule slides along the floor")


if __name__ == "__main__":
    demo(sys.argv[1] if len(sys.argv) > 1 else "demo.jsonl")
