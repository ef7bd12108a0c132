// Package judge decides whether an answer to a motion is right: the one
// comparison behind every "wrong" the debugger reports. A user's engine's
// verdict (package engine), the disagreements of the three built-in
// algorithms (package opinions) and the problems the bug hunter finds
// (package hunt) all come from Judge.Sweep and Judge.Slide, with
// different Tolerance values: Exact for the built-in algorithms, Engine
// (or the user's --tolerance) for an engine.
//
// The judge measures with the numeric oracle (package sweep/oracle)
// through a Geometry: the shape and the mesh, with the oracle's distances
// over the mesh and a bounding volume hierarchy of its own (a second
// opinion shares nothing with the core it judges). Because a grazing
// contact's T is ill-conditioned (the distance barely changes with T), a
// T that differs from the exact one is still right when the oracle
// confirms it: the shape touches at T within the tolerance and came no
// closer before. The rules, in the order a verdict names them, are listed
// on Verdict.Rule and in docs/engine-protocol.md, "How answers are judged".
//
// Nothing here imports Ebitengine or starts a process.
package judge
