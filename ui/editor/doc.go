// Package editor is the debugger's editing model, with no window: the
// document (Doc: the scene, the core's mesh, the shape's kind, sizes
// and rotation, the view toggles, the snap grid), every edit as one undo step
// (App, App.History), the selection, the revision counters that say when
// anything changed (App.Rev: the core, the opinions and the probe run
// once per revision; Doc.MeshRev: what depends on the triangles only is
// rebuilt once per load), the session file, the inspector's number
// formatting and parsing and Result panel lines, background loads, the
// second opinions (App.Opinions), the precision probe (App.Probe), play
// mode (Play, with its Player and Timeline), triangle picking, the bug hunter's
// background run (App.Hunter) and the drag math of a pose box (Drag).
//
// It imports no Ebitengine and is tested with plain go test; package ui
// (the window) feeds it input and draws what it holds. Its types are used
// from the window's goroutine only, except where a doc comment says
// otherwise (the loaders StartLoadUp and StartLoadData return,
// App.Hunter).
package editor
