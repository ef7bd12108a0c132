/*
 * fauerby.c: a Fauerby-style sweepdbg engine in C99, with two classic bugs
 * you can switch on.
 *
 * The collision code follows Kasper Fauerby, "Improved Collision detection
 * and Response" (2003): the ellipsoid becomes the unit sphere in
 * "ellipsoid space" (eSpace), and the swept unit sphere is tested against
 * each triangle's plane (interior), its three vertices and its three edges,
 * each a quadratic in t solved by a lowest-root routine; the smallest t
 * wins. It speaks the engine protocol (docs/engine-protocol.md): one JSON
 * request per line on standard input, one JSON answer per line on standard
 * output. Sweeps only (no slide), of ellipsoids and capsules (its hello lists
 * "shapes": ["ellipsoid", "capsule"]; the capsule method is under
 * "Capsules" below).
 *
 *     cc -O2 -std=c99 -Wall -Wextra -o fauerby fauerby.c -lm
 *     ./fauerby                         correct (as double precision allows)
 *     ./fauerby --bug touching          contacts that start touching are missed
 *     ./fauerby --bug edge              edge hits near a vertex are dropped
 *     ./fauerby --bug touching,edge     both
 *
 * or build the bugs in with -DBUG_TOUCHING and -DBUG_EDGE.
 *
 * The bugs, as they appear in many engines written from the paper:
 *
 *   - touching: the lowest-root routine accepts only roots in (0, maxR]
 *     and, failing the lower root, tries the upper one. A sphere that
 *     starts touching or overlapping a vertex or an edge has its lower
 *     root at or below 0: the contact at t = 0 is missed, and the upper
 *     root (where it leaves again) is reported, or nothing. Fixed: the
 *     contact interval [r1, r2] is what matters; a start inside it
 *     (c <= 0) is a contact at t = 0.
 *   - edge: the edge test keeps a hit only when it lies inside
 *     [0.001, 0.999] of the edge ("to leave the ends to the vertex test").
 *     A contact on the edge within 0.1% of a vertex is dropped, and the
 *     vertex test finds a later contact on the vertex instead. Fixed: the
 *     whole edge, [0, 1].
 *
 * Beyond the paper: triangles are two-sided (the paper skips back faces),
 * and a start embedded in a triangle's plane with its center above the
 * interior is a face contact at t = 0 (the paper only looks at the edges
 * and vertices then).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Vectors                                                              */

typedef struct { double x, y, z; } vec3;

static vec3 v3(double x, double y, double z) { vec3 v; v.x = x; v.y = y; v.z = z; return v; }
static vec3 add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static vec3 sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static vec3 scale(vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 cross(vec3 a, vec3 b) { return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static double len(vec3 a) { return sqrt(dot(a, a)); }
static vec3 unit(vec3 a) { double l = len(a); return l > 0 ? scale(a, 1 / l) : a; }

/* ------------------------------------------------------------------ */
/* The bugs                                                             */

#ifdef BUG_TOUCHING
static int bug_touching = 1;
#else
static int bug_touching = 0;
#endif
#ifdef BUG_EDGE
static int bug_edge = 1;
#else
static int bug_edge = 0;
#endif

/* ------------------------------------------------------------------ */
/* Ellipsoid space                                                      */

/* The ellipsoid's semi-axes a[0..2] (orthogonal, world space). A world
 * vector x is sum_i u_i a_i with u_i = x . a_i / |a_i|^2 in eSpace. */
static vec3 axes[3];

static vec3 to_espace(vec3 x) {
    return v3(dot(x, axes[0]) / dot(axes[0], axes[0]), dot(x, axes[1]) / dot(axes[1], axes[1]),
              dot(x, axes[2]) / dot(axes[2], axes[2]));
}
static vec3 to_world(vec3 u) { return add(add(scale(axes[0], u.x), scale(axes[1], u.y)), scale(axes[2], u.z)); }
/* A normal maps by the inverse transpose: sum_i n_i a_i / |a_i|^2. */
static vec3 normal_to_world(vec3 n) {
    return unit(add(add(scale(axes[0], n.x / dot(axes[0], axes[0])), scale(axes[1], n.y / dot(axes[1], axes[1]))),
                    scale(axes[2], n.z / dot(axes[2], axes[2]))));
}

/* ------------------------------------------------------------------ */
/* The collision code, in eSpace                                        */

enum { FACE, EDGE, VERTEX };
static const char *feature_name[] = {"face", "edge", "vertex"};

/* A contact: t in [0, 1], the point and the feature (eSpace). */
typedef struct {
    double t;
    vec3 point;
    int feature;
} contact;

/* lowest_root: the earliest t in [0, max_r] at which a t^2 + b t + c <= 0
 * (a >= 0: the sphere is in contact while the quadratic is not positive),
 * into *root; 0 when there is none. */
static int lowest_root(double a, double b, double c, double max_r, double *root) {
    if (!bug_touching && c <= 0) { /* in contact at the start */
        *root = 0;
        return 1;
    }
    double d = b * b - 4 * a * c;
    if (a <= 0 || d < 0) return 0; /* no motion relative to the feature, or it never comes close */
    double s = sqrt(d);
    double r1 = (-b - s) / (2 * a), r2 = (-b + s) / (2 * a);
    if (bug_touching) { /* the classic routine: roots in (0, max_r] only */
        if (r1 > 0 && r1 <= max_r) { *root = r1; return 1; }
        if (r2 > 0 && r2 <= max_r) { *root = r2; return 1; }
        return 0;
    }
    /* c > 0: both roots have the same sign, and r1 is the entry */
    if (r1 >= 0 && r1 <= max_r) { *root = r1; return 1; }
    return 0;
}

/* inside reports whether q (in the triangle's plane) lies in triangle abc:
 * its barycentric coordinates are all >= 0 (Ericson, "Real-Time Collision
 * Detection", 3.4). */
static int inside(vec3 q, vec3 a, vec3 b, vec3 c) {
    vec3 v0 = sub(b, a), v1 = sub(c, a), v2 = sub(q, a);
    double d00 = dot(v0, v0), d01 = dot(v0, v1), d11 = dot(v1, v1), d20 = dot(v2, v0), d21 = dot(v2, v1);
    double den = d00 * d11 - d01 * d01;
    if (den == 0) return 0;
    double v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
    return v >= 0 && w >= 0 && v + w <= 1;
}

/* sweep_plane: the sphere from p by v against the interior of triangle
 * abc; when it touches there no later than best->t, sets *best to the
 * contact and returns 1 (so do sweep_vertex and sweep_edge). */
static int sweep_plane(vec3 p, vec3 v, vec3 a, vec3 b, vec3 c, contact *best) {
    vec3 n = cross(sub(b, a), sub(c, a));
    if (len(n) == 0) return 0; /* degenerate: its edges and vertices still count */
    n = unit(n);
    double d = dot(n, sub(p, a));
    if (d < 0) { n = scale(n, -1); d = -d; } /* two-sided */
    double t, nv = dot(n, v);
    if (d < 1) {
        t = 0; /* embedded in the plane at the start */
    } else {
        if (nv >= 0) return 0; /* moving away from the plane, or along it */
        t = (d - 1) / -nv;
    }
    if (t > best->t) return 0;
    vec3 q = sub(add(p, scale(v, t)), scale(n, d < 1 ? d : 1)); /* the center's foot on the plane */
    if (!inside(q, a, b, c)) return 0;
    best->t = t; best->point = q; best->feature = FACE;
    return 1;
}

/* sweep_vertex: the sphere against vertex q (its center against the unit
 * sphere around q). */
static int sweep_vertex(vec3 p, vec3 v, vec3 q, contact *best) {
    vec3 pq = sub(p, q);
    double t;
    if (!lowest_root(dot(v, v), 2 * dot(v, pq), dot(pq, pq) - 1, best->t, &t)) return 0;
    best->t = t; best->point = q; best->feature = VERTEX;
    return 1;
}

/* sweep_edge: the sphere against edge e0e1 (its center against the unit
 * cylinder around the edge's line, kept where it touches the segment). */
static int sweep_edge(vec3 p, vec3 v, vec3 e0, vec3 e1, contact *best) {
    vec3 edge = sub(e1, e0), bv = sub(e0, p);
    double ee = dot(edge, edge), ev = dot(edge, v), eb = dot(edge, bv);
    /* Fauerby's coefficients, negated so that contact is <= 0. */
    double a = ee * dot(v, v) - ev * ev;
    double b = -(ee * 2 * dot(v, bv) - 2 * ev * eb);
    double c = -(ee * (1 - dot(bv, bv)) + eb * eb);
    double t;
    if (ee == 0 || !lowest_root(a, b, c, best->t, &t)) return 0;
    double f = (ev * t - eb) / ee; /* where along the edge, 0 at e0 and 1 at e1 */
    double lo = bug_edge ? 0.001 : 0, hi = bug_edge ? 0.999 : 1;
    if (f < lo || f > hi) return 0;
    best->t = t; best->point = add(e0, scale(edge, f)); best->feature = EDGE;
    return 1;
}

/* sweep_triangle: the sphere from p by v against triangle abc (eSpace);
 * 1 when it set *best. */
static int sweep_triangle(vec3 p, vec3 v, vec3 a, vec3 b, vec3 c, contact *best) {
    if (sweep_plane(p, v, a, b, c, best)) return 1; /* an interior contact is the triangle's first */
    vec3 vs[3] = {a, b, c};
    int set = 0;
    for (int i = 0; i < 3; i++) set |= sweep_vertex(p, v, vs[i], best);
    for (int i = 0; i < 3; i++) set |= sweep_edge(p, v, vs[i], vs[(i + 1) % 3], best);
    return set;
}

/* The current mesh, in world space. */
static vec3 *verts;
static int (*tris)[3];
static int ntris, nverts;

/* A hit in world space. */
typedef struct {
    double t;
    vec3 point, normal;
    int feature, triangle;
} hit;

/* sweep_mesh sweeps the ellipsoid (axes) from start to end over every
 * triangle (brute force) and returns 1 with *h at the first contact. */
static int sweep_mesh(vec3 start, vec3 end, hit *h) {
    vec3 p = to_espace(start), v = to_espace(sub(end, start));
    contact best;
    best.t = 1; best.point = v3(0, 0, 0); best.feature = FACE;
    int found = 0;
    for (int k = 0; k < ntris; k++) {
        if (sweep_triangle(p, v, to_espace(verts[tris[k][0]]), to_espace(verts[tris[k][1]]),
                           to_espace(verts[tris[k][2]]), &best)) {
            found = 1; h->triangle = k;
        }
    }
    if (!found) return 0;
    vec3 center = add(p, scale(v, best.t));
    vec3 n = sub(center, best.point);
    if (len(n) == 0) n = v3(0, 0, 1); /* the center on the triangle: any normal */
    h->t = best.t;
    h->point = to_world(best.point);
    h->normal = normal_to_world(unit(n));
    h->feature = best.feature;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Capsules                                                             */
/*
 * A capsule is the points within r of its segment, center - s to
 * center + s (docs/engine-protocol.md, "Shapes"). It touches a triangle
 * when the distance from its segment to the triangle is r. The method is
 * exact, and reuses the sphere tests above: scaled by 1/r (eSpace with the
 * axes r, r, r) the capsule is a unit sphere swept along its segment.
 * Take the closest pair of points, one on the segment and one on the
 * triangle, at the first contact; by where each lies, the contact is one
 * of
 *
 *   (a) an end of the segment against the face, an edge or a vertex: the
 *       two end spheres, center +- s, swept as spheres (sweep_triangle);
 *   (b) the segment's interior against an edge's interior: the two lines
 *       reach distance r (sweep_segment_edge);
 *   (c) the segment's interior against a vertex: the vertex, moving by -v,
 *       against the cylinder around the segment (sweep_edge, the roles
 *       swapped: sweep_vertex_segment);
 *   (d) the segment's interior against the face's interior: only when
 *       the segment is parallel to the face, and then a pair of kind (a),
 *       (b) or (c) is as close, so nothing more is needed; except at the
 *       start, where a segment piercing the face is at distance 0 from it
 *       with no pair of the kinds above within r (capsule_pierces).
 *
 * Each test reports only times at which the capsule really touches, and
 * the first contact is found by at least one, so the smallest t is the
 * first contact. This is the decomposition of the swept-sphere methods
 * (Fauerby, 2003; Ericson, "Real-Time Collision Detection", 5.5.7 for the
 * moving sphere, 5.1.8 for the closest points of two lines) carried over
 * from the sphere's center point to the capsule's segment. The planted
 * bugs live in lowest_root and sweep_edge, which the capsule shares.
 */

/* A capsule contact (eSpace): the contact and the point of the segment
 * nearest the triangle then (the "core": the normal runs from point to it). */
typedef struct {
    contact c;
    vec3 core;
} capsule_contact;

/* sweep_segment_edge: (b), the segment p +- s moving by v against the
 * interior of edge e0e1; 1 when it sets *best. */
static int sweep_segment_edge(vec3 p, vec3 v, vec3 s, vec3 e0, vec3 e1, capsule_contact *best) {
    vec3 e = sub(e1, e0), m = cross(s, e);
    double ss = dot(s, s), ee = dot(e, e), mm = dot(m, m);
    /* Near-parallel lines (sin of the angle below 1e-8) are left to the
     * ends, (a) and (c): where the lines' closest points lie is
     * ill-conditioned as 1/sin^2, while the ends find a contact whose
     * distance differs by at most sin * length. 1e-8 = sqrt(double's
     * 1e-16) balances the two errors (both ~1e-8 of the lengths). */
    if (mm <= 1e-16 * ss * ee) return 0;
    vec3 mhat = scale(m, 1 / sqrt(mm));
    /* The lines' distance is |d0 + t dv|, linear in t: unit at the contact. */
    double d0 = dot(sub(p, e0), mhat), dv = dot(v, mhat), t;
    if (fabs(d0) <= 1) t = 0; /* within 1 of each other's line at the start */
    else if (d0 > 0 && dv < 0) t = (d0 - 1) / -dv;
    else if (d0 < 0 && dv > 0) t = (-d0 - 1) / dv;
    else return 0; /* moving apart, or keeping their distance */
    if (t > best->c.t) return 0;
    /* The lines' closest points (Ericson 5.1.8): c + u s and e0 + w e. */
    vec3 c = add(p, scale(v, t)), r0 = sub(c, e0);
    double se = dot(s, e), sr = dot(s, r0), er = dot(e, r0);
    double u = (se * er - ee * sr) / mm, w = (ss * er - se * sr) / mm; /* mm = ss ee - se^2 */
    if (u < -1 || u > 1 || w < 0 || w > 1) return 0; /* outside the segment or the edge: an end's contact */
    best->c.t = t; best->c.point = add(e0, scale(e, w)); best->c.feature = EDGE;
    best->core = add(c, scale(s, u));
    return 1;
}

/* sweep_vertex_segment: (c), vertex q against the segment p +- s moving
 * by v: q moves by -v relative to the capsule, against the unit cylinder
 * around the segment (Fauerby's edge test, sweep_edge). */
static int sweep_vertex_segment(vec3 p, vec3 v, vec3 s, vec3 q, capsule_contact *best) {
    contact rel = best->c;
    if (!sweep_edge(q, scale(v, -1), sub(p, s), add(p, s), &rel)) return 0;
    /* rel.point is on the segment as it was at the start; move it to t. */
    best->core = add(rel.point, scale(v, rel.t));
    best->c.t = rel.t; best->c.point = q; best->c.feature = VERTEX;
    return 1;
}

/* capsule_pierces: (d) at the start, the segment p +- s crossing the
 * triangle's interior (Ericson 5.3.6, segment against triangle). A segment
 * lying in the plane is left to (a) and (b): an end inside, or an edge
 * crossed. */
static int capsule_pierces(vec3 p, vec3 s, vec3 a, vec3 b, vec3 c, capsule_contact *best) {
    vec3 n = cross(sub(b, a), sub(c, a)), p0 = sub(p, s), p1 = add(p, s);
    double d0 = dot(n, sub(p0, a)), d1 = dot(n, sub(p1, a));
    if (d0 * d1 > 0 || d0 == d1) return 0; /* both ends on one side, or in the plane */
    vec3 x = add(p0, scale(sub(p1, p0), d0 / (d0 - d1)));
    if (!inside(x, a, b, c)) return 0;
    best->c.t = 0; best->c.point = x; best->c.feature = FACE;
    best->core = x;
    return 1;
}

/* sweep_capsule_triangle: the capsule p +- s (unit radius, eSpace) moving
 * by v against triangle abc; 1 when it set *best. */
static int sweep_capsule_triangle(vec3 p, vec3 v, vec3 s, vec3 a, vec3 b, vec3 c, capsule_contact *best) {
    vec3 vs[3] = {a, b, c};
    int set = 0;
    if (best->c.t > 0 && capsule_pierces(p, s, a, b, c, best)) return 1;
    for (int k = -1; k <= 1; k += 2) { /* (a) the end spheres */
        vec3 end = add(p, scale(s, k));
        if (sweep_triangle(end, v, a, b, c, &best->c)) {
            best->core = add(end, scale(v, best->c.t));
            set = 1;
        }
    }
    for (int i = 0; i < 3; i++) {
        set |= sweep_segment_edge(p, v, s, vs[i], vs[(i + 1) % 3], best); /* (b) */
        set |= sweep_vertex_segment(p, v, s, vs[i], best);                /* (c) */
    }
    return set;
}

/* sweep_capsule_mesh sweeps the capsule (radius r, half segment s) from
 * start to end over every triangle and returns 1 with *h at the first
 * contact. */
static int sweep_capsule_mesh(double r, vec3 s, vec3 start, vec3 end, hit *h) {
    for (int i = 0; i < 3; i++) axes[i] = v3(i == 0 ? r : 0, i == 1 ? r : 0, i == 2 ? r : 0);
    vec3 p = to_espace(start), v = to_espace(sub(end, start)), su = to_espace(s);
    capsule_contact best;
    best.c.t = 1; best.c.point = best.core = v3(0, 0, 0); best.c.feature = FACE;
    int found = 0;
    for (int k = 0; k < ntris; k++) {
        if (sweep_capsule_triangle(p, v, su, to_espace(verts[tris[k][0]]), to_espace(verts[tris[k][1]]),
                                   to_espace(verts[tris[k][2]]), &best)) {
            found = 1; h->triangle = k;
        }
    }
    if (!found) return 0;
    vec3 n = sub(best.core, best.c.point);
    if (len(n) == 0) { /* the segment on the triangle (a start piercing it): the face's normal, toward the center */
        vec3 a = verts[tris[h->triangle][0]];
        n = cross(sub(verts[tris[h->triangle][1]], a), sub(verts[tris[h->triangle][2]], a));
        if (dot(n, sub(start, a)) < 0) n = scale(n, -1);
        if (len(n) == 0) n = v3(0, 0, 1); /* a degenerate triangle: any normal */
    }
    h->t = best.c.t;
    h->point = to_world(best.c.point);
    h->normal = unit(n); /* eSpace is world space scaled by 1/r: directions are the same */
    h->feature = best.c.feature;
    return 1;
}

#define ENGINE_NAME "fauerby"
#include "request.h"
static void answer(const char *line) {
    if (!read_request(line)) { put_error(jerr); return; }

    if (!strcmp(rq.op, "hello")) {
        if (rq.protocol != 1) { put_error("this engine speaks protocol 1"); return; }
        printf("{\"protocol\":1,\"name\":\"fauerby-c\",\"ops\":[\"sweep\"],\"shapes\":[\"ellipsoid\",\"capsule\"]}");
    } else if (!strcmp(rq.op, "mesh")) {
        take_mesh();
    } else if (!strcmp(rq.op, "sweep")) {
        if (rq.mesh != mesh_id) { put_error("unknown mesh id"); return; }
        if (rq.nshapes != 1 || !(rq.ellipsoid || rq.capsule)) { put_error("want one shape, an ellipsoid or a capsule"); return; }
        hit h;
        int found;
        if (rq.capsule) {
            if (!(rq.radius > 0) || !rq.has_half_segment) { put_error("capsule: want a radius > 0 and a halfSegment"); return; }
            found = sweep_capsule_mesh(rq.radius, rq.half_segment, rq.start, rq.end, &h);
        } else {
            if (rq.naxes != 3) { put_error("ellipsoid.axes: want 3 axes"); return; }
            for (int i = 0; i < 3; i++) {
                if (dot(rq.axes[i], rq.axes[i]) == 0) { put_error("ellipsoid.axes: an axis of length 0"); return; }
                axes[i] = rq.axes[i];
            }
            found = sweep_mesh(rq.start, rq.end, &h);
        }
        if (!found) { printf("{\"hit\":false}"); return; }
        printf("{\"hit\":true,\"t\":%.17g,\"point\":", h.t);
        put_vec(h.point);
        printf(",\"normal\":"); put_vec(h.normal);
        printf(",\"triangle\":%d,\"feature\":\"%s\"}", h.triangle, feature_name[h.feature]);
    } else {
        put_error("unknown op");
    }
}

/* bugs turns on the bugs named in a comma-separated list ("touching",
 * "edge"); 0 for a name it does not know. */
static int bugs(const char *list) {
    char buf[64];
    strncpy(buf, list, sizeof buf - 1);
    buf[sizeof buf - 1] = 0;
    for (char *name = strtok(buf, ","); name; name = strtok(NULL, ",")) {
        if (!strcmp(name, "touching")) bug_touching = 1;
        else if (!strcmp(name, "edge")) bug_edge = 1;
        else return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--bug") && i + 1 < argc && bugs(argv[i + 1])) { i++; continue; }
        fprintf(stderr, "usage: fauerby [--bug touching,edge]\n");
        return 2;
    }
    if (bug_touching || bug_edge)
        fprintf(stderr, "fauerby: bugs on:%s%s\n", bug_touching ? " touching" : "", bug_edge ? " edge" : "");
    return serve(answer);
}
