/*
 * naive.c: a deliberately naive sweepdbg engine in C99.
 *
 * It speaks the engine protocol (docs/engine-protocol.md): one JSON request
 * per line on standard input, exactly one JSON answer per line on standard
 * output, flushed after each. It has no dependencies; the JSON-lines reader
 * at the bottom is its own.
 *
 *     cc -O2 -std=c99 -o naive naive.c -lm
 *     go run ./cmd/debugger --engine "examples/engines/c/naive"
 *
 * The collision code is the course's collide-and-slide, written the way the
 * course's slides present it, pitfalls included, so that the debugger has
 * something to find:
 *
 *   - Unit-sphere space by component-wise division by the radii
 *     R = (|axis 0|, |axis 1|, |axis 2|). That is only right for an
 *     ellipsoid whose axes are x, y and z in that order: a rotated
 *     ellipsoid is swept as if it were not rotated.
 *   - Sweep: the moving unit sphere against the triangle's plane (interior),
 *     its three edges (ray against an infinite cylinder, kept when the
 *     center projects inside the segment) and its three vertices (ray
 *     against a unit sphere), the smallest t in [0, 1] wins. A sphere that
 *     already touches or overlaps a triangle at the start is not handled
 *     ("don't worry about triangles you are already inside"): the roots
 *     found are negative and rejected, so it reports no contact there and
 *     tunnels.
 *   - Slide: the plain "MTV slide": at each contact, nudge the center a fixed
 *     0.01 world units along the contact normal, without checking what the
 *     nudge runs into, and project the remaining motion onto the contact
 *     plane, one plane at a time. The request's "skin" is ignored. In a
 *     crease the projections ping-pong between the two planes until the
 *     iterations run out (it sticks), and a nudge can push it into a
 *     neighbouring triangle (it ends inside).
 *
 * Run it under the debugger and watch those show up; then fix them. In
 * Rouwé, "Collision Detection with Swept Spheres and Ellipsoids", section
 * 3.1 clamps the interval of contact with the plane to [0, 1], so a start
 * in contact reports t = 0, and section 4 maps an ellipsoid with any
 * orthogonal axes to the unit sphere; a slide that solves all its contact
 * planes at once, and sweeps every nudge, does not stick in creases or end
 * inside.
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
static vec3 mulv(vec3 a, vec3 b) { return v3(a.x * b.x, a.y * b.y, a.z * b.z); }
static vec3 divv(vec3 a, vec3 b) { return v3(a.x / b.x, a.y / b.y, a.z / b.z); }
static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 cross(vec3 a, vec3 b) { return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static double len(vec3 a) { return sqrt(dot(a, a)); }
static vec3 unit(vec3 a) { double l = len(a); return l > 0 ? scale(a, 1 / l) : a; }

/* ------------------------------------------------------------------ */
/* The collision code                                                   */

enum { FACE, EDGE, VERTEX };
static const char *feature_name[] = {"face", "edge", "vertex"};

typedef struct {
    double t;     /* fraction of the motion, in [0, 1] */
    vec3 point;   /* contact point, world space */
    vec3 normal;  /* unit, from the triangle to the center, world space */
    int feature;  /* FACE, EDGE or VERTEX */
    int triangle; /* index into the mesh */
} hit;

/* smallest_root returns the smaller root of a t^2 + b t + c = 0, or -1
 * when there is none. */
static double smallest_root(double a, double b, double c) {
    double d = b * b - 4 * a * c;
    if (a == 0 || d < 0) return -1;
    return (-b - sqrt(d)) / (2 * a);
}

/* sweep_triangle sweeps the unit sphere from p by v (unit-sphere space)
 * against the triangle abc and lowers *best (a t, with *pt its contact
 * point in unit space and *feat its feature) when it touches earlier. */
static void sweep_triangle(vec3 p, vec3 v, vec3 a, vec3 b, vec3 c, double *best, vec3 *pt, int *feat) {
    vec3 n = cross(sub(b, a), sub(c, a));
    if (len(n) == 0) return; /* a degenerate triangle: naively ignored */
    n = unit(n);
    double dist = dot(n, sub(p, a));
    if (dist < 0) { n = scale(n, -1); dist = -dist; } /* two-sided */

    /* Interior: the point of the sphere nearest the plane, p - n, as a ray
     * against the plane. Starting closer than 1 is "already inside": skipped. */
    double nv = dot(n, v);
    if (dist >= 1 && nv < 0) {
        double t = (dist - 1) / -nv;
        if (t <= *best) {
            vec3 q = sub(add(p, scale(v, t)), n);
            /* q is inside when it is left of every edge. */
            if (dot(cross(sub(b, a), sub(q, a)), n) >= 0 && dot(cross(sub(c, b), sub(q, b)), n) >= 0 &&
                dot(cross(sub(a, c), sub(q, c)), n) >= 0) {
                *best = t; *pt = q; *feat = FACE;
                return; /* an interior contact is always the earliest */
            }
            if (dot(cross(sub(b, a), sub(q, a)), n) <= 0 && dot(cross(sub(c, b), sub(q, b)), n) <= 0 &&
                dot(cross(sub(a, c), sub(q, c)), n) <= 0) {
                *best = t; *pt = q; *feat = FACE; /* the other winding */
                return;
            }
        }
    }

    /* Edges: the center's ray against the unit cylinder around the edge. */
    vec3 e0[3] = {a, b, c}, e1[3] = {b, c, a};
    for (int i = 0; i < 3; i++) {
        vec3 C = e0[i], D = e1[i], CD = sub(D, C), AC = sub(p, C);
        vec3 vxe = cross(v, CD), axe = cross(AC, CD);
        double t = smallest_root(dot(vxe, vxe), 2 * dot(vxe, axe), dot(axe, axe) - dot(CD, CD));
        if (t < 0 || t > 1 || t > *best) continue; /* a negative root: "already inside", rejected */
        double s = dot(sub(add(p, scale(v, t)), C), CD);
        if (s > 0 && s < dot(CD, CD)) {
            *best = t; *pt = add(C, scale(CD, s / dot(CD, CD))); *feat = EDGE;
        }
    }

    /* Vertices: the center's ray against the unit sphere around the vertex. */
    for (int i = 0; i < 3; i++) {
        vec3 pv = sub(p, e0[i]);
        double t = smallest_root(dot(v, v), 2 * dot(v, pv), dot(pv, pv) - 1);
        if (t < 0 || t > 1 || t > *best) continue;
        *best = t; *pt = e0[i]; *feat = VERTEX;
    }
}

/* The current mesh, in world space. */
static vec3 *verts;
static int (*tris)[3];
static int ntris, nverts;

/* sweep_mesh sweeps the ellipsoid with radii r from start to end over every
 * triangle (brute force) and returns 1 with *h at the first contact. */
static int sweep_mesh(vec3 r, vec3 start, vec3 end, hit *h) {
    vec3 p = divv(start, r), v = divv(sub(end, start), r);
    double best = 2;
    int found = 0;
    for (int k = 0; k < ntris; k++) {
        double before = best;
        vec3 pt = v3(0, 0, 0);
        int feat = FACE;
        sweep_triangle(p, v, divv(verts[tris[k][0]], r), divv(verts[tris[k][1]], r), divv(verts[tris[k][2]], r),
                       &best, &pt, &feat);
        if (best < before) {
            found = 1;
            h->t = best; h->point = mulv(pt, r); h->feature = feat; h->triangle = k;
            /* The unit-space normal is center - point; back in world space a
             * normal transforms by the inverse transpose: divide by r. */
            h->normal = unit(divv(sub(add(p, scale(v, best)), pt), r));
        }
    }
    return found;
}

/* A slide step: the hit and the center at that contact. */
typedef struct { hit h; vec3 center; } step;

/* slide is the course's "MTV slide" with a fixed nudge (see the top of the
 * file for why it goes wrong). It returns the number of steps. */
static int slide(vec3 r, vec3 start, vec3 end, int max_iterations, step *steps, vec3 *final) {
    const double nudge = 0.01; /* world units: the course's constant */
    vec3 curr = start, next = end;
    int n = 0;
    for (int i = 0; i < max_iterations; i++) {
        hit h;
        if (!sweep_mesh(r, curr, next, &h)) {
            *final = next;
            return n;
        }
        vec3 contact = add(curr, scale(sub(next, curr), h.t));
        steps[n].h = h; steps[n].center = contact; n++;
        curr = add(contact, scale(h.normal, nudge)); /* unchecked nudge */
        vec3 d = sub(end, curr);
        d = sub(d, scale(h.normal, dot(d, h.normal))); /* onto this contact's plane only */
        next = add(curr, d);
    }
    *final = curr;
    return n;
}

#define ENGINE_NAME "naive"
#include "request.h"
static void put_contact(const hit *h) {
    printf(",\"point\":"); put_vec(h->point);
    printf(",\"normal\":"); put_vec(h->normal);
    printf(",\"triangle\":%d", h->triangle);
}
static void answer(const char *line) {
    if (!read_request(line)) { put_error(jerr); return; }

    if (!strcmp(rq.op, "hello")) {
        if (rq.protocol != 1) { put_error("this engine speaks protocol 1"); return; }
        printf("{\"protocol\":1,\"name\":\"naive-c\",\"ops\":[\"sweep\",\"slide\"]}");
    } else if (!strcmp(rq.op, "mesh")) {
        take_mesh();
    } else if (!strcmp(rq.op, "sweep") || !strcmp(rq.op, "slide")) {
        if (rq.mesh != mesh_id) { put_error("unknown mesh id"); return; }
        if (rq.nshapes != 1 || !rq.ellipsoid) { put_error("want one shape, an ellipsoid (this engine answers no other)"); return; }
        if (rq.naxes != 3) { put_error("ellipsoid.axes: want 3 axes"); return; }
        vec3 r = v3(len(rq.axes[0]), len(rq.axes[1]), len(rq.axes[2]));
        if (!strcmp(rq.op, "sweep")) {
            hit h;
            if (!sweep_mesh(r, rq.start, rq.end, &h)) { printf("{\"hit\":false}"); return; }
            printf("{\"hit\":true,\"t\":%.17g", h.t);
            put_contact(&h);
            printf(",\"feature\":\"%s\"}", feature_name[h.feature]);
        } else {
            step steps[64];
            int max = rq.max_iterations > 0 ? (int)rq.max_iterations : 5;
            if (max > 64) max = 64;
            vec3 final;
            int n = slide(r, rq.start, rq.end, max, steps, &final);
            printf("{\"final\":"); put_vec(final);
            printf(",\"steps\":[");
            for (int i = 0; i < n; i++) {
                printf("%s{\"t\":%.17g,\"center\":", i ? "," : "", steps[i].h.t);
                put_vec(steps[i].center);
                put_contact(&steps[i].h);
                printf("}");
            }
            printf("]}");
        }
    } else {
        put_error("unknown op");
    }
}

int main(void) {
    return serve(answer);
}
