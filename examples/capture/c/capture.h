/*
 * capture.h: write a sweepdbg capture from your game, in C99, one header.
 *
 * A capture is a .jsonl file: one JSON object per line. "mesh" lines define
 * mesh ids; "sweep" and "slide" lines are the engine protocol's requests
 * (docs/engine-protocol.md) with the answer your game got in "answer", and
 * optionally the game's "frame" and a "label". Replay it with
 *
 *     debugger replay capture.jsonl
 *
 * which judges every answer against the exact core.
 *
 *     #include "capture.h"
 *     capture c;
 *     if (capture_open(&c, "capture.jsonl") != 0) ...;
 *     long mesh = capture_mesh(&c, verts, nverts, tris, ntris);
 *     capture_hit h = {1, t, {px,py,pz}, {nx,ny,nz}, tri, "face", 1};
 *     capture_sweep(&c, mesh, axes, start, end, &h, frame, "player");
 *     capture_shape body = capture_capsule(0.4, half_segment);
 *     capture_sweep_shape(&c, mesh, &body, start, end, &h, frame, "npc");
 *     capture_close(&c);
 *
 * capture_sweep and capture_slide write an ellipsoid (its three semi-axes);
 * capture_sweep_shape and capture_slide_shape write any shape the protocol
 * has (docs/engine-protocol.md, "Shapes"): capture_ellipsoid(axes),
 * capture_capsule(radius, half_segment) or capture_box(axes).
 *
 * Write a mesh line again (it gets a new id) whenever the level geometry you
 * query changes. Numbers are written with %.17g, so they read back exactly;
 * a NaN or infinity in an answer is written as C prints it ("nan", "inf"),
 * which the debugger reads as that value and judges wrong. Every function
 * returns 0 (or a mesh id >= 1) on success and -1 once a write failed.
 * The functions are static inline, so those you do not call cost nothing
 * and draw no unused-function warning.
 */
#ifndef SWEEPDBG_CAPTURE_H
#define SWEEPDBG_CAPTURE_H

#include <stddef.h>
#include <stdio.h>

/* capture is an open capture file. */
typedef struct {
    FILE *f;
    long next_mesh; /* the id the next mesh line gets */
    int err;        /* set once a write failed */
} capture;

/* capture_hit is the answer to a sweep. With hit == 0 only hit is written;
 * otherwise t, and point, normal, triangle and feature when has_contact. */
typedef struct {
    int hit;
    double t;            /* fraction of end - start, in [0, 1] */
    double point[3];     /* contact point on the triangle, world space */
    double normal[3];    /* unit, from the triangle to the center */
    int triangle;        /* index into the mesh's triangles */
    const char *feature; /* "face", "edge" or "vertex"; NULL to leave out */
    int has_contact;     /* write point, normal and triangle */
} capture_hit;

/* capture_step is one contact of a slide. */
typedef struct {
    double t;         /* fraction of this step's own move */
    double center[3]; /* the shape's center at this contact */
    double point[3];
    double normal[3];
    int triangle;
} capture_step;

/* The kinds of capture_shape. */
enum { CAPTURE_ELLIPSOID, CAPTURE_CAPSULE, CAPTURE_BOX };

/* capture_shape is the shape a query moves (it does not rotate while it
 * moves; world space):
 *   CAPTURE_ELLIPSOID  axes: three orthogonal semi-axes
 *   CAPTURE_CAPSULE    radius, half_segment: the points within radius of the
 *                      segment from center - half_segment to center +
 *                      half_segment (half_segment may be zero: a sphere)
 *   CAPTURE_BOX        axes: three orthogonal half extents, the points
 *                      center + u axes[0] + v axes[1] + w axes[2] with
 *                      |u|, |v|, |w| <= 1
 * Make one with capture_ellipsoid, capture_capsule or capture_box. */
typedef struct {
    int kind;
    double axes[3][3];
    double radius;
    double half_segment[3];
} capture_shape;

static inline capture_shape capture_axes_(int kind, const double axes[3][3]) {
    capture_shape s;
    int i, k;
    s.kind = kind;
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) s.axes[i][k] = axes[i][k];
    s.radius = 0;
    s.half_segment[0] = s.half_segment[1] = s.half_segment[2] = 0;
    return s;
}

/* capture_ellipsoid is the ellipsoid with the three semi-axes axes. */
static inline capture_shape capture_ellipsoid(const double axes[3][3]) { return capture_axes_(CAPTURE_ELLIPSOID, axes); }

/* capture_box is the box with the three half extents axes. */
static inline capture_shape capture_box(const double axes[3][3]) { return capture_axes_(CAPTURE_BOX, axes); }

/* capture_capsule is the capsule of radius around center +- half_segment. */
static inline capture_shape capture_capsule(double radius, const double half_segment[3]) {
    static const double none[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    capture_shape s = capture_axes_(CAPTURE_CAPSULE, none);
    s.radius = radius;
    s.half_segment[0] = half_segment[0]; s.half_segment[1] = half_segment[1]; s.half_segment[2] = half_segment[2];
    return s;
}

/* capture_open creates (or truncates) the file at path. */
static inline int capture_open(capture *c, const char *path) {
    c->f = fopen(path, "w");
    c->next_mesh = 1;
    c->err = c->f ? 0 : 1;
    return c->f ? 0 : -1;
}

/* capture_close closes the file; -1 if any write failed. */
static inline int capture_close(capture *c) {
    int bad = c->err;
    if (c->f && fclose(c->f) != 0) bad = 1;
    c->f = NULL;
    return bad ? -1 : 0;
}

static inline void capture_num_(capture *c, double x) { fprintf(c->f, "%.17g", x); }

static inline void capture_vec_(capture *c, const double v[3]) {
    fputc('[', c->f);
    capture_num_(c, v[0]); fputc(',', c->f);
    capture_num_(c, v[1]); fputc(',', c->f);
    capture_num_(c, v[2]); fputc(']', c->f);
}

/* capture_str_ writes s as a JSON string: quotes, backslashes and control
 * characters escaped, other bytes (UTF-8) as they are. */
static inline void capture_str_(capture *c, const char *s) {
    static const char hex[] = "0123456789abcdef";
    fputc('"', c->f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') { fputc('\\', c->f); fputc(ch, c->f); }
        else if (ch == '\n') fputs("\\n", c->f);
        else if (ch == '\t') fputs("\\t", c->f);
        else if (ch == '\r') fputs("\\r", c->f);
        else if (ch < 0x20) fprintf(c->f, "\\u00%c%c", hex[ch >> 4], hex[ch & 15]);
        else fputc(ch, c->f);
    }
    fputc('"', c->f);
}

/* capture_end_ finishes a line and reports write errors. */
static inline int capture_end_(capture *c) {
    fputc('\n', c->f);
    if (ferror(c->f)) c->err = 1;
    return c->err ? -1 : 0;
}

/* capture_mesh writes a mesh line and returns its id (1, 2, ...). */
static inline long capture_mesh(capture *c, const double (*verts)[3], size_t nverts, const int (*tris)[3], size_t ntris) {
    size_t i;
    long id;
    if (!c->f || c->err) return -1;
    id = c->next_mesh++;
    fprintf(c->f, "{\"op\":\"mesh\",\"id\":%ld,\"vertices\":[", id);
    for (i = 0; i < nverts; i++) {
        if (i) fputc(',', c->f);
        capture_vec_(c, verts[i]);
    }
    fputs("],\"triangles\":[", c->f);
    for (i = 0; i < ntris; i++)
        fprintf(c->f, "%s[%d,%d,%d]", i ? "," : "", tris[i][0], tris[i][1], tris[i][2]);
    fputs("]}", c->f);
    return capture_end_(c) == 0 ? id : -1;
}

/* capture_query_ writes the common request fields. */
static inline void capture_query_(capture *c, const char *op, long mesh, const capture_shape *shape, const double start[3],
                                  const double end[3]) {
    fprintf(c->f, "{\"op\":\"%s\",\"mesh\":%ld,", op, mesh);
    if (shape->kind == CAPTURE_CAPSULE) {
        fputs("\"capsule\":{\"radius\":", c->f);
        capture_num_(c, shape->radius);
        fputs(",\"halfSegment\":", c->f);
        capture_vec_(c, shape->half_segment);
    } else {
        fputs(shape->kind == CAPTURE_BOX ? "\"box\":{\"axes\":[" : "\"ellipsoid\":{\"axes\":[", c->f);
        capture_vec_(c, shape->axes[0]); fputc(',', c->f);
        capture_vec_(c, shape->axes[1]); fputc(',', c->f);
        capture_vec_(c, shape->axes[2]);
        fputc(']', c->f);
    }
    fputs("},\"start\":", c->f);
    capture_vec_(c, start);
    fputs(",\"end\":", c->f);
    capture_vec_(c, end);
}

/* capture_tail_ writes frame (when >= 0) and label (when not NULL). */
static inline void capture_tail_(capture *c, long frame, const char *label) {
    if (frame >= 0) fprintf(c->f, ",\"frame\":%ld", frame);
    if (label) { fputs(",\"label\":", c->f); capture_str_(c, label); }
    fputc('}', c->f);
}

/* capture_sweep_shape writes a sweep line: shape moving from start to end
 * over mesh, and the answer the game got. frame < 0 and label == NULL
 * leave those fields out. */
static inline int capture_sweep_shape(capture *c, long mesh, const capture_shape *shape, const double start[3],
                                      const double end[3], const capture_hit *answer, long frame, const char *label) {
    if (!c->f || c->err) return -1;
    capture_query_(c, "sweep", mesh, shape, start, end);
    if (!answer->hit) {
        fputs(",\"answer\":{\"hit\":false}", c->f);
    } else {
        fputs(",\"answer\":{\"hit\":true,\"t\":", c->f);
        capture_num_(c, answer->t);
        if (answer->has_contact) {
            fputs(",\"point\":", c->f); capture_vec_(c, answer->point);
            fputs(",\"normal\":", c->f); capture_vec_(c, answer->normal);
            fprintf(c->f, ",\"triangle\":%d", answer->triangle);
        }
        if (answer->feature) { fputs(",\"feature\":", c->f); capture_str_(c, answer->feature); }
        fputc('}', c->f);
    }
    capture_tail_(c, frame, label);
    return capture_end_(c);
}

/* capture_sweep is capture_sweep_shape for the ellipsoid with the three
 * semi-axes axes (world space). */
static inline int capture_sweep(capture *c, long mesh, const double axes[3][3], const double start[3], const double end[3],
                                const capture_hit *answer, long frame, const char *label) {
    capture_shape e = capture_ellipsoid(axes);
    return capture_sweep_shape(c, mesh, &e, start, end, answer, frame, label);
}

/* capture_slide_shape writes a slide line: collide-and-slide of shape from
 * start toward end with the game's max_iterations and skin, and the answer
 * it got: the resting center final and its contacts (steps may be NULL
 * with nsteps 0, or nsteps < 0 to leave "steps" out). */
static inline int capture_slide_shape(capture *c, long mesh, const capture_shape *shape, const double start[3],
                                      const double end[3], int max_iterations, double skin, const double final[3],
                                      const capture_step *steps, int nsteps, long frame, const char *label) {
    int i;
    if (!c->f || c->err) return -1;
    capture_query_(c, "slide", mesh, shape, start, end);
    fprintf(c->f, ",\"maxIterations\":%d,\"skin\":", max_iterations);
    capture_num_(c, skin);
    fputs(",\"answer\":{\"final\":", c->f);
    capture_vec_(c, final);
    if (nsteps >= 0) {
        fputs(",\"steps\":[", c->f);
        for (i = 0; i < nsteps; i++) {
            fputs(i ? ",{\"t\":" : "{\"t\":", c->f);
            capture_num_(c, steps[i].t);
            fputs(",\"center\":", c->f); capture_vec_(c, steps[i].center);
            fputs(",\"point\":", c->f); capture_vec_(c, steps[i].point);
            fputs(",\"normal\":", c->f); capture_vec_(c, steps[i].normal);
            fprintf(c->f, ",\"triangle\":%d}", steps[i].triangle);
        }
        fputc(']', c->f);
    }
    fputc('}', c->f);
    capture_tail_(c, frame, label);
    return capture_end_(c);
}

/* capture_slide is capture_slide_shape for the ellipsoid with the three
 * semi-axes axes (world space). */
static inline int capture_slide(capture *c, long mesh, const double axes[3][3], const double start[3], const double end[3],
                                int max_iterations, double skin, const double final[3], const capture_step *steps, int nsteps,
                                long frame, const char *label) {
    capture_shape e = capture_ellipsoid(axes);
    return capture_slide_shape(c, mesh, &e, start, end, max_iterations, skin, final, steps, nsteps, frame, label);
}

#endif
