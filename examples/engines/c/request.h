/*
 * request.h: the engine protocol's side of the C example engines
 * (docs/engine-protocol.md): a tiny JSON reader, enough for the requests,
 * the request it fills (rq, by read_request; an ellipsoid or a capsule,
 * docs/engine-protocol.md "Shapes"), put_vec and put_error for the
 * answers, take_mesh for the mesh request and serve, the loop over the
 * request lines. naive.c and fauerby.c include it after defining vec3,
 * v3(), ENGINE_NAME (the name their messages start with) and their mesh
 * (verts, nverts, tris, ntris); copy it beside your own engine.
 */
#ifndef SWEEPDBG_REQUEST_H
#define SWEEPDBG_REQUEST_H

/* ------------------------------------------------------------------ */
/* A tiny JSON reader: enough for the protocol's requests.              */

static const char *js;  /* the cursor into the current line */
static const char *jerr; /* the first error, or NULL */

static void jfail(const char *msg) { if (!jerr) jerr = msg; }
static void jws(void) { while (*js == ' ' || *js == '\t' || *js == '\r' || *js == '\n') js++; }
static int jeat(char c) { jws(); if (*js == c) { js++; return 1; } return 0; }

/* jstr reads a string into buf (escapes kept as written; the protocol's keys
 * and ops have none). */
static void jstr(char *buf, size_t n) {
    size_t k = 0;
    if (!jeat('"')) { jfail("want a string"); return; }
    while (*js && *js != '"') {
        if (*js == '\\' && js[1]) { if (k + 1 < n) buf[k++] = *js; js++; }
        if (k + 1 < n) buf[k++] = *js;
        js++;
    }
    if (*js != '"') { jfail("unterminated string"); return; }
    js++;
    buf[k] = 0;
}

static double jnum(void) {
    char *end;
    jws();
    if (!(*js == '-' || isdigit((unsigned char)*js))) { jfail("want a number"); return 0; }
    double x = strtod(js, &end);
    if (end == js) { jfail("want a number"); return 0; }
    js = end;
    return x;
}

static void jskip(void);

/* jarray calls elem for each element of an array; jobject calls field with
 * each key. Both return 0 on a syntax error. */
static int jarray(void (*elem)(void *), void *ctx) {
    if (!jeat('[')) { jfail("want '['"); return 0; }
    if (jeat(']')) return 1;
    do { elem(ctx); if (jerr) return 0; } while (jeat(','));
    if (!jeat(']')) { jfail("want ',' or ']'"); return 0; }
    return 1;
}

static int jobject(void (*field)(const char *, void *), void *ctx) {
    char key[64];
    if (!jeat('{')) { jfail("want '{'"); return 0; }
    if (jeat('}')) return 1;
    do {
        jstr(key, sizeof key);
        if (jerr) return 0;
        if (!jeat(':')) { jfail("want ':'"); return 0; }
        field(key, ctx);
        if (jerr) return 0;
    } while (jeat(','));
    if (!jeat('}')) { jfail("want ',' or '}'"); return 0; }
    return 1;
}

static void skip_elem(void *ctx) { (void)ctx; jskip(); }
static void skip_field(const char *k, void *ctx) { (void)k; (void)ctx; jskip(); }

static void jskip(void) {
    char tmp[8];
    jws();
    if (*js == '{') jobject(skip_field, NULL);
    else if (*js == '[') jarray(skip_elem, NULL);
    else if (*js == '"') jstr(tmp, sizeof tmp);
    else if (!strncmp(js, "true", 4)) js += 4;
    else if (!strncmp(js, "false", 5)) js += 5;
    else if (!strncmp(js, "null", 4)) js += 4;
    else jnum();
}

/* vecs collects arrays of numbers: a vec3 or a triangle's indices. */
typedef struct { double v[3]; int n; } nums;
static void num_elem(void *ctx) {
    nums *u = ctx;
    double x = jnum();
    if (u->n < 3) u->v[u->n] = x;
    u->n++;
}
static vec3 jvec(void) {
    nums u = {{0, 0, 0}, 0};
    jarray(num_elem, &u);
    if (u.n != 3) jfail("want 3 numbers");
    return v3(u.v[0], u.v[1], u.v[2]);
}

/* The request, every field of every op. */
static struct {
    char op[16];
    double protocol, id, mesh, max_iterations, skin;
    int nshapes;             /* how many of "ellipsoid", "capsule" and "box" it has (want exactly one) */
    int ellipsoid, capsule;  /* which of them it has */
    vec3 axes[3];            /* ellipsoid.axes */
    int naxes;
    double radius;           /* capsule.radius, -1 when absent */
    vec3 half_segment;       /* capsule.halfSegment */
    int has_half_segment;
    vec3 start, end;
    vec3 *verts; int nverts, capverts;
    int (*tris)[3]; int ntris, captris;
} rq;

static void axis_elem(void *ctx) {
    (void)ctx;
    vec3 a = jvec();
    if (rq.naxes < 3) rq.axes[rq.naxes] = a;
    rq.naxes++;
}
static void ellipsoid_field(const char *k, void *ctx) {
    (void)ctx;
    if (!strcmp(k, "axes")) jarray(axis_elem, NULL); else jskip();
}
static void capsule_field(const char *k, void *ctx) {
    (void)ctx;
    if (!strcmp(k, "radius")) rq.radius = jnum();
    else if (!strcmp(k, "halfSegment")) { rq.half_segment = jvec(); rq.has_half_segment = 1; }
    else jskip();
}
static void vert_elem(void *ctx) {
    (void)ctx;
    if (rq.nverts == rq.capverts) {
        rq.capverts = rq.capverts ? 2 * rq.capverts : 64;
        rq.verts = realloc(rq.verts, (size_t)rq.capverts * sizeof *rq.verts);
        if (!rq.verts) { fprintf(stderr, ENGINE_NAME ": out of memory\n"); exit(1); }
    }
    rq.verts[rq.nverts++] = jvec();
}
static void tri_elem(void *ctx) {
    (void)ctx;
    vec3 t = jvec();
    if (rq.ntris == rq.captris) {
        rq.captris = rq.captris ? 2 * rq.captris : 64;
        rq.tris = realloc(rq.tris, (size_t)rq.captris * sizeof *rq.tris);
        if (!rq.tris) { fprintf(stderr, ENGINE_NAME ": out of memory\n"); exit(1); }
    }
    rq.tris[rq.ntris][0] = (int)t.x; rq.tris[rq.ntris][1] = (int)t.y; rq.tris[rq.ntris][2] = (int)t.z;
    rq.ntris++;
}
static void request_field(const char *k, void *ctx) {
    (void)ctx;
    if (!strcmp(k, "op")) jstr(rq.op, sizeof rq.op);
    else if (!strcmp(k, "protocol")) rq.protocol = jnum();
    else if (!strcmp(k, "id")) rq.id = jnum();
    else if (!strcmp(k, "mesh")) rq.mesh = jnum();
    else if (!strcmp(k, "ellipsoid")) { rq.nshapes++; rq.ellipsoid = 1; jobject(ellipsoid_field, NULL); }
    else if (!strcmp(k, "capsule")) { rq.nshapes++; rq.capsule = 1; jobject(capsule_field, NULL); }
    else if (!strcmp(k, "box")) { rq.nshapes++; jskip(); } /* counted, not read: these engines do not answer boxes */
    else if (!strcmp(k, "start")) rq.start = jvec();
    else if (!strcmp(k, "end")) rq.end = jvec();
    else if (!strcmp(k, "maxIterations")) rq.max_iterations = jnum();
    else if (!strcmp(k, "skin")) rq.skin = jnum();
    else if (!strcmp(k, "vertices")) jarray(vert_elem, NULL);
    else if (!strcmp(k, "triangles")) jarray(tri_elem, NULL);
    else jskip();
}

/* read_request parses line into rq (its fields reset first; the mesh
 * arrays are kept for reuse) and returns 1, or 0 with the reason in jerr. */
static int read_request(const char *line) {
    memset(rq.op, 0, sizeof rq.op);
    rq.protocol = rq.id = rq.mesh = rq.max_iterations = rq.skin = 0;
    rq.nshapes = rq.ellipsoid = rq.capsule = 0;
    rq.naxes = 0;
    rq.radius = -1; rq.half_segment = v3(0, 0, 0); rq.has_half_segment = 0;
    rq.start = rq.end = v3(0, 0, 0);
    rq.nverts = 0; rq.ntris = 0;
    js = line; jerr = NULL;
    jobject(request_field, NULL);
    jws();
    if (!jerr && *js) jfail("text after the object");
    return jerr == NULL;
}

/* ------------------------------------------------------------------ */
/* Answers                                                              */

static void put_vec(vec3 v) { printf("[%.17g,%.17g,%.17g]", v.x, v.y, v.z); }

/* put_error writes {"error":msg}; msg is plain ASCII without quotes. */
static void put_error(const char *msg) { printf("{\"error\":\"%s\"}", msg); }

static double mesh_id = -1; /* the engine keeps only the newest mesh */

/* take_mesh answers a "mesh" request in rq: every index in range, the
 * request's arrays become the engine's mesh (its verts, nverts, tris and
 * ntris, defined before this header is included; the request gets new
 * arrays) and the answer is {"ok":true}. */
static void take_mesh(void) {
    for (int i = 0; i < rq.ntris; i++)
        for (int k = 0; k < 3; k++)
            if (rq.tris[i][k] < 0 || rq.tris[i][k] >= rq.nverts) { put_error("triangle index out of range"); return; }
    free(verts); free(tris);
    verts = rq.verts; nverts = rq.nverts; tris = rq.tris; ntris = rq.ntris;
    rq.verts = NULL; rq.tris = NULL; rq.capverts = rq.captris = 0;
    mesh_id = rq.id;
    printf("{\"ok\":true}");
}

/* serve reads standard input a line at a time and answers each line that
 * is not blank with answer(line), then '\n', flushed (the protocol: exactly
 * one answer line per request). A line may end in "\r\n". It returns the
 * exit status: 0 at the end of the input, 1 out of memory. */
static int serve(void (*answer)(const char *line)) {
    size_t cap = 1 << 16, n = 0;
    char *line = malloc(cap);
    int c;
    if (!line) return 1;
    for (;;) {
        n = 0;
        while ((c = getchar()) != EOF && c != '\n') {
            if (n + 1 == cap) {
                char *grown = realloc(line, cap *= 2);
                if (!grown) { fprintf(stderr, ENGINE_NAME ": out of memory\n"); free(line); return 1; }
                line = grown;
            }
            line[n++] = (char)c;
        }
        line[n] = 0;
        const char *p = line;
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (*p) {
            answer(line);
            putchar('\n');
            fflush(stdout);
        }
        if (c == EOF) { free(line); return 0; }
    }
}

#endif
