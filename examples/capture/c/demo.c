/*
 * demo.c: writes a small capture with capture.h (an ellipsoid, a capsule
 * and a box), one answer deliberately wrong, for `debugger replay` to find.
 *
 *     cc -O2 -std=c99 -o demo demo.c && ./demo demo.jsonl
 *     debugger replay demo.jsonl      # exit 1: the line labelled "wrong on purpose"
 */
#include "capture.h"

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "demo.jsonl";
    /* The floor: one triangle in the plane y = 0. */
    const double verts[3][3] = {{0, 0, 0}, {4, 0, 0}, {0, 0, 4}};
    const int tris[1][3] = {{0, 1, 2}};
    /* A unit sphere, and a player-shaped ellipsoid 0.5 wide and 1 tall. */
    const double sphere[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const double player[3][3] = {{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}};
    const double start[3] = {1, 3, 1}, end[3] = {1, -1, 1};
    capture c;
    long mesh;

    if (capture_open(&c, path) != 0) {
        perror(path);
        return 1;
    }
    mesh = capture_mesh(&c, verts, 3, tris, 1);

    /* Falling onto the floor: the center reaches y = 1 halfway. Right. */
    capture_hit fall = {1, 0.5, {1, 0, 1}, {0, 1, 0}, 0, "face", 1};
    capture_sweep(&c, mesh, sphere, start, end, &fall, 1, "unit sphere falls onto the floor");

    /* Moving level above the floor: no contact. Right. */
    const double level_end[3] = {3, 3, 1};
    capture_hit miss = {0, 0, {0, 0, 0}, {0, 0, 0}, 0, NULL, 0};
    capture_sweep(&c, mesh, sphere, start, level_end, &miss, 2, "level, \"above\" the floor");

    /* The player is 1 tall too, so it also touches at t = 0.5; this game
     * said 0.4. Wrong on purpose. */
    capture_hit wrong = {1, 0.4, {1, 0, 1}, {0, 1, 0}, 0, "face", 1};
    capture_sweep(&c, mesh, player, start, end, &wrong, 3, "wrong on purpose");

    /* A slide down and along the floor: contact at t = 0.5 with the center at
     * (1.5, 1, 1), then the horizontal rest of the motion, one skin above. */
    const double s_start[3] = {1, 2, 1}, s_end[3] = {2, 0, 1}, final[3] = {2, 1.001, 1};
    capture_step st = {0.5, {1.5, 1, 1}, {1.5, 0, 1}, {0, 1, 0}, 0};
    capture_slide(&c, mesh, sphere, s_start, s_end, 5, 0.001, final, &st, 1, 4, "slide along the floor");

    /* The other shapes (docs/engine-protocol.md, "Shapes"), the same fall.
     * A capsule of radius 0.5 around the segment 1 up and down from its
     * center: its lowest point, 1.5 below the center, reaches the floor
     * after 1.5 of the 4 units, t = 0.375. Right. */
    const double up[3] = {0, 1, 0};
    capture_shape body = capture_capsule(0.5, up);
    capture_hit capsule_fall = {1, 0.375, {1, 0, 1}, {0, 1, 0}, 0, "face", 1};
    capture_sweep_shape(&c, mesh, &body, start, end, &capsule_fall, 5, "capsule falls onto the floor");

    /* A box 1 x 1.5 x 0.5: its bottom face, 0.75 below the center, lands
     * flat after 2.25 of the 4 units, t = 0.5625; (1, 0, 1), the middle of
     * the face, is one of its contact points. Right. */
    const double half_extents[3][3] = {{0.5, 0, 0}, {0, 0.75, 0}, {0, 0, 0.25}};
    capture_shape crate = capture_box(half_extents);
    capture_hit box_fall = {1, 0.5625, {1, 0, 1}, {0, 1, 0}, 0, "face", 1};
    capture_sweep_shape(&c, mesh, &crate, start, end, &box_fall, 6, "box falls onto the floor");

    /* The capsule slides: from (1, 2, 1) toward (2, 0, 1) its lowest point
     * (0.5 above the floor) touches after a quarter, the center at
     * (1.25, 1.5, 1); the rest, (0.75, -1.5, 0), on the floor is
     * (0.75, 0, 0), one skin above. Right. */
    const double c_final[3] = {2, 1.501, 1};
    capture_step cst = {0.25, {1.25, 1.5, 1}, {1.25, 0, 1}, {0, 1, 0}, 0};
    capture_slide_shape(&c, mesh, &body, s_start, s_end, 5, 0.001, c_final, &cst, 1, 7, "capsule slides along the floor");

    if (capture_close(&c) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}
