#!/usr/bin/env python3
"""A sweepdbg engine in plain Python (standard library only).

It speaks the engine protocol (docs/engine-protocol.md): one JSON request per
line on standard input, exactly one JSON answer per line on standard output,
flushed after each. Diagnostics go to standard error, which the debugger
shows and never parses.

    go run ./cmd/debugger --engine "python3 examples/engines/python/engine.py"

It answers sweeps only (ops ["sweep"]); the debugger then never asks it to
slide. The collision code is a brute-force swept ellipsoid against every
triangle, in the space where the ellipsoid is a unit sphere (the course's
interior / edge / vertex method, as in Rouwé, "Collision Detection with Swept
Spheres and Ellipsoids", sections 3 and 4), including the cases the course
leaves out: a start already touching or overlapping a triangle (t = 0),
two-sided triangles, and rotated ellipsoids (any three orthogonal axes).

It answers capsules too (its hello lists "shapes": ["ellipsoid", "capsule"];
no boxes): exactly, by the same sphere tests on the capsule's two end
spheres, plus its segment against the triangle's edges and vertices (see
"Capsules" below).

Replace `sweep_mesh` and `sweep_capsule_mesh` with calls into your own
collision code (drop "capsule" from SHAPES if it has none).

For practice, `engine.py --bug one-sided` plants a classic bug: triangles
are one-sided (a triangle whose plane the center starts behind is skipped,
as a renderer culls back faces). examples/engines/README.md finds it with
the hunter in under a minute.
"""

import json
import math
import sys

NAME = "python-template"
OPS = ["sweep"]
SHAPES = ["ellipsoid", "capsule"]  # docs/engine-protocol.md, "Shapes"; no boxes
BUG = None  # --bug one-sided: the planted bug (see above)


# --------------------------------------------------------------------------
# Vectors as 3-tuples.

def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def mul(a, s):
    return (a[0] * s, a[1] * s, a[2] * s)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return mul(a, 1.0 / n) if n > 0 else a


# --------------------------------------------------------------------------
# Unit-sphere space. With the ellipsoid's semi-axes a0, a1, a2 (orthogonal)
# as the columns of M, a world point x maps to M^-1 x, whose coordinates are
# (ai . x) / |ai|^2; back is M x' = sum x'_i ai. Normals map back with the
# inverse transpose: sum n'_i ai / |ai|^2.

class Space:
    def __init__(self, axes):
        self.axes = [tuple(float(c) for c in a) for a in axes]
        self.inv = [mul(a, 1.0 / dot(a, a)) for a in self.axes]

    def to_unit(self, x):
        return (dot(self.inv[0], x), dot(self.inv[1], x), dot(self.inv[2], x))

    def to_world(self, x):
        a = self.axes
        return add(add(mul(a[0], x[0]), mul(a[1], x[1])), mul(a[2], x[2]))

    def normal_to_world(self, n):
        i = self.inv
        return unit(add(add(mul(i[0], n[0]), mul(i[1], n[1])), mul(i[2], n[2])))


def inside(q, a, b, c, n):
    """Whether q (in the plane of abc, normal n) is inside the triangle."""
    s0 = dot(cross(sub(b, a), sub(q, a)), n)
    s1 = dot(cross(sub(c, b), sub(q, b)), n)
    s2 = dot(cross(sub(a, c), sub(q, c)), n)
    return (s0 >= 0 and s1 >= 0 and s2 >= 0) or (s0 <= 0 and s1 <= 0 and s2 <= 0)


def smaller_root(a, b, c):
    """The smaller root of a t^2 + b t + c = 0, or None."""
    if a == 0:
        return None
    d = b * b - 4 * a * c
    if d < 0:
        return None
    return (-b - math.sqrt(d)) / (2 * a)


def sweep_triangle(p, v, a, b, c, best):
    """Sweep the unit sphere from p by v against triangle abc (unit space).

    Returns (t, point, feature) of a contact earlier than best, or None.
    """
    found = None
    n = cross(sub(b, a), sub(c, a))
    if norm(n) > 0:
        n = unit(n)
        dist = dot(n, sub(p, a))
        if dist < 0:  # two-sided: face the side the center starts on
            if BUG == "one-sided":
                return None  # the planted bug: a back face is culled
            n, dist = mul(n, -1), -dist
        if dist <= 1:
            # Touching the plane at the start: t = 0 if the touching part of
            # the plane is inside the triangle (edges and vertices otherwise).
            q = sub(p, mul(n, dist))
            if inside(q, a, b, c, n):
                return (0.0, q, "face")
        else:
            nv = dot(n, v)
            if nv < 0:
                t = (dist - 1) / -nv
                if t <= min(best, 1):
                    q = sub(add(p, mul(v, t)), n)
                    if inside(q, a, b, c, n):
                        return (t, q, "face")  # an interior contact is the earliest
    for C, D in ((a, b), (b, c), (c, a)):
        h = sweep_edge(p, v, C, D, best)
        if h is not None:
            best, found = h[0], (h[0], h[1], "edge")
    for V in (a, b, c):
        h = sweep_vertex(p, v, V, best)
        if h is not None:
            best, found = h[0], (h[0], V, "vertex")
    return found


def sweep_edge(p, v, C, D, best):
    """The unit sphere from p by v against segment CD: the center's ray
    against the unit cylinder around the line, kept when the center projects
    inside the segment. Returns (t, point on CD) earlier than best, or None."""
    e = sub(D, C)
    ee = dot(e, e)
    if ee == 0:
        return None
    pc = sub(p, C)
    ve, pe = cross(v, e), cross(pc, e)
    cc = dot(pe, pe) - ee
    if cc <= 0:
        t = 0.0  # within 1 of the edge's line at the start
    else:
        t = smaller_root(dot(ve, ve), 2 * dot(ve, pe), cc)
        if t is None or t < 0:
            return None
    if t > 1 or t >= best:
        return None
    s = dot(sub(add(p, mul(v, t)), C), e) / ee
    if 0 <= s <= 1:
        return (t, add(C, mul(e, s)))
    return None


def sweep_vertex(p, v, V, best):
    """The unit sphere from p by v against point V: the center's ray against
    the unit sphere around V. Returns (t,) earlier than best, or None."""
    pv = sub(p, V)
    cc = dot(pv, pv) - 1
    if cc <= 0:
        t = 0.0
    else:
        t = smaller_root(dot(v, v), 2 * dot(v, pv), cc)
        if t is None or t < 0:
            return None
    if t > 1 or t >= best:
        return None
    return (t,)


def sweep_mesh(mesh, axes, start, end):
    """The first contact of the ellipsoid moving from start to end, or None.

    Replace this with your collision code. Returns (t, point, normal,
    triangle, feature) in world space: t is the fraction of end - start, the
    normal points from the triangle to the center.
    """
    sp = Space(axes)
    p = sp.to_unit(start)
    v = sub(sp.to_unit(end), p)
    best, answer = 2.0, None
    for k, tri in enumerate(mesh):
        h = sweep_triangle(p, v, sp.to_unit(tri[0]), sp.to_unit(tri[1]), sp.to_unit(tri[2]), best)
        if h is None:
            continue
        t, q, feature = h
        best = t
        center = add(p, mul(v, t))
        nu = sub(center, q)
        if norm(nu) == 0:  # the center on the triangle (a deep start): use the plane's normal
            a, b, c = (sp.to_unit(x) for x in tri)
            nu = cross(sub(b, a), sub(c, a))
        answer = (t, sp.to_world(q), sp.normal_to_world(nu), k, feature)
    return answer


# --------------------------------------------------------------------------
# Capsules: the points within r of the segment center - s .. center + s
# (docs/engine-protocol.md, "Shapes"). A capsule touches a triangle when the
# distance from its segment to the triangle is r. Scaled by 1/r the capsule
# is a unit sphere swept along its segment, and the sphere tests above do
# most of the work. The method is exact: at the first contact, take the
# closest pair of points, one on the segment and one on the triangle; by
# where each lies, the contact is one of
#
#   (a) an end of the segment against the face, an edge or a vertex: the
#       two end spheres, center +- s, swept as spheres (sweep_triangle);
#   (b) the segment's interior against an edge's interior: the two lines
#       come to distance 1 (sweep_segment_edge);
#   (c) the segment's interior against a vertex: the vertex, moving by -v,
#       against the cylinder around the segment (sweep_edge, roles swapped);
#   (d) the segment's interior against the face's interior: only with the
#       segment parallel to the face, and then a pair of kind (a), (b) or
#       (c) is as close, so nothing more is needed; except at the start,
#       where a segment piercing the face is at distance 0 from it with no
#       other pair within 1 (capsule_pierces).
#
# Every test reports only times at which the capsule really touches, and
# the first contact is found by at least one of them, so the smallest t is
# the first contact. The sphere tests are Rouwe's (sections 3 and 4); the
# closest points of two lines are Ericson, "Real-Time Collision Detection",
# 5.1.8, and a segment against a triangle 5.3.6.

def sweep_segment_edge(p, v, s, e0, e1, best):
    """(b): the segment p +- s moving by v against the interior of edge
    e0e1. Returns (t, point, core) earlier than best, or None; core is the
    segment's point nearest the edge then."""
    e = sub(e1, e0)
    m = cross(s, e)
    ss, ee, mm = dot(s, s), dot(e, e), dot(m, m)
    # Near-parallel lines (sine of their angle below 1e-8) are left to the
    # ends, (a) and (c): the lines' closest points are ill-conditioned as
    # 1/sin^2, while the ends find a contact whose distance differs by at
    # most sin * length. 1e-8 = sqrt(1e-16, double's precision) balances the
    # two errors.
    if mm <= 1e-16 * ss * ee:
        return None
    mhat = mul(m, 1 / math.sqrt(mm))
    # The lines' distance is |d0 + t dv|, linear in t: 1 at the contact.
    d0, dv = dot(sub(p, e0), mhat), dot(v, mhat)
    if abs(d0) <= 1:
        t = 0.0  # within 1 of each other's line at the start
    elif d0 > 0 and dv < 0:
        t = (d0 - 1) / -dv
    elif d0 < 0 and dv > 0:
        t = (-d0 - 1) / dv
    else:
        return None  # moving apart, or keeping their distance
    if t > 1 or t >= best:
        return None
    # The lines' closest points c + u s and e0 + w e (mm = ss ee - (s.e)^2).
    c = add(p, mul(v, t))
    r0 = sub(c, e0)
    se, sr, er = dot(s, e), dot(s, r0), dot(e, r0)
    u = (se * er - ee * sr) / mm
    w = (ss * er - se * sr) / mm
    if not (-1 <= u <= 1 and 0 <= w <= 1):
        return None  # outside the segment or the edge: an end's contact
    return (t, add(e0, mul(e, w)), add(c, mul(s, u)))


def capsule_pierces(p, s, a, b, c):
    """(d) at the start: the point where the segment p +- s crosses the
    interior of triangle abc, or None. A segment lying in the plane is left
    to (a) and (b): an end inside, or an edge crossed."""
    n = cross(sub(b, a), sub(c, a))
    p0, p1 = sub(p, s), add(p, s)
    d0, d1 = dot(n, sub(p0, a)), dot(n, sub(p1, a))
    if d0 * d1 > 0 or d0 == d1:
        return None
    x = add(p0, mul(sub(p1, p0), d0 / (d0 - d1)))
    return x if inside(x, a, b, c, n) else None


def capsule_triangle(p, v, s, a, b, c, best):
    """The unit-radius capsule p +- s moving by v against triangle abc.
    Returns (t, point, core, feature) of a contact earlier than best, or
    None; core is the segment's point nearest the triangle then."""
    x = capsule_pierces(p, s, a, b, c)
    if x is not None:
        return (0.0, x, x, "face")
    found = None
    for end in (sub(p, s), add(p, s)):  # (a)
        h = sweep_triangle(end, v, a, b, c, best)
        if h is not None and h[0] < best:
            best = h[0]
            found = (h[0], h[1], add(end, mul(v, h[0])), h[2])
    for C, D in ((a, b), (b, c), (c, a)):  # (b)
        h = sweep_segment_edge(p, v, s, C, D, best)
        if h is not None:
            best, found = h[0], (h[0], h[1], h[2], "edge")
    for V in (a, b, c):  # (c): V moves by -v against the segment at rest
        h = sweep_edge(V, mul(v, -1), sub(p, s), add(p, s), best)
        if h is not None:
            best, found = h[0], (h[0], V, add(h[1], mul(v, h[0])), "vertex")
    return found


def sweep_capsule_mesh(mesh, radius, half_segment, start, end):
    """The first contact of the capsule moving from start to end, or None:
    (t, point, normal, triangle, feature) in world space, as sweep_mesh."""
    r = float(radius)
    if not r > 0:
        raise ValueError("capsule.radius: want a number > 0")
    scaled = lambda x: mul(tuple(float(c) for c in x), 1 / r)  # world to unit-radius space
    p, s = scaled(start), scaled(half_segment)
    v = sub(scaled(end), p)
    best, answer = 2.0, None
    for k, tri in enumerate(mesh):
        a, b, c = (scaled(x) for x in tri)
        h = capsule_triangle(p, v, s, a, b, c, best)
        if h is None:
            continue
        t, q, core, feature = h
        best = t
        n = sub(core, q)
        if norm(n) == 0:  # the segment on the triangle (a start piercing it): the face's normal, toward the center
            n = cross(sub(b, a), sub(c, a))
            if dot(n, sub(p, a)) < 0:
                n = mul(n, -1)
        answer = (t, mul(q, r), unit(n), k, feature)  # scaling keeps directions
    return answer


# --------------------------------------------------------------------------
# The protocol.

def answer(req, meshes):
    op = req.get("op")
    if op == "hello":
        if req.get("protocol") != 1:
            return {"error": "this engine speaks protocol 1"}
        return {"protocol": 1, "name": NAME, "ops": OPS, "shapes": SHAPES}
    if op == "mesh":
        verts = req["vertices"]
        tris = []
        for i, t in enumerate(req["triangles"]):
            for k in t:
                if not 0 <= k < len(verts):
                    return {"error": "triangles[%d]: index %d out of range (%d vertices)" % (i, k, len(verts))}
            tris.append(tuple(tuple(float(c) for c in verts[k]) for k in t))
        meshes[req["id"]] = tris
        while len(meshes) > 8:  # older ids are never used again
            del meshes[next(iter(meshes))]
        return {"ok": True}
    if op == "sweep":
        mesh = meshes.get(req.get("mesh"))
        if mesh is None:
            return {"error": "unknown mesh id %r" % (req.get("mesh"),)}
        shapes = [k for k in ("ellipsoid", "capsule", "box") if k in req]
        if len(shapes) != 1 or shapes[0] not in SHAPES:
            return {"error": "want one shape, one of %s; got %s" % (", ".join(SHAPES), ", ".join(shapes) or "none")}
        if "capsule" in req:
            cap = req["capsule"]
            h = sweep_capsule_mesh(mesh, cap["radius"], cap["halfSegment"], req["start"], req["end"])
        else:
            h = sweep_mesh(mesh, req["ellipsoid"]["axes"], req["start"], req["end"])
        if h is None:
            return {"hit": False}
        t, point, normal, tri, feature = h
        return {"hit": True, "t": t, "point": list(point), "normal": list(normal),
                "triangle": tri, "feature": feature}
    return {"error": "unsupported op %r" % (op,)}


def main():
    global BUG
    args = sys.argv[1:]
    if args[:1] == ["--bug"] and len(args) == 2 and args[1] == "one-sided":
        BUG = "one-sided"
    elif args:
        sys.stderr.write("engine.py: usage: engine.py [--bug one-sided]\n")
        sys.exit(2)
    meshes = {}
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            a = answer(json.loads(line), meshes)
        except Exception as e:  # a bad request: say so and keep going
            a = {"error": "%s: %s" % (type(e).__name__, e)}
        out.write(json.dumps(a, separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
