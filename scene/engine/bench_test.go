package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"sweepdbg/scene/judge"
)

// BenchmarkLiveSweep is one live sweep round trip with the fake engine
// (a Go engine answering with the core).
func BenchmarkLiveSweep(b *testing.B) {
	p, err := startFake(b, "good", 0)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	q := fallQuery(floorMesh())
	ctx := context.Background()
	if _, err := p.Sweep(ctx, q); err != nil { // sends the mesh
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Sweep(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJudgeCapture judges a generated capture of 1M sweeps (written
// to a temporary file first) and reports queries per second.
func BenchmarkJudgeCapture(b *testing.B) {
	const n = 1_000_000
	path := filepath.Join(b.TempDir(), "capture.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, `{"op":"mesh","id":1,"vertices":[[0,0,0],[4,0,0],[0,0,4],[4,0,4]],"triangles":[[0,1,2],[1,3,2]]}`)
	for i := range n {
		x := 0.5 + 3*float64(i%1000)/1000
		fmt.Fprintf(w, `{"op":"sweep","mesh":1,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[%g,3,1],"end":[%g,-2,1],"answer":{"hit":true,"t":0.4,"point":[%g,0,1],"normal":[0,1,0]},"frame":%d}`+"\n", x, x, x, i)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	for b.Loop() {
		in, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		t, err := JudgeCapture(context.Background(), in, judge.Judge{}, nil)
		in.Close()
		if err != nil || t.Agrees != n {
			b.Fatalf("%+v %v", t, err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}
