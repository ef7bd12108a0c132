// Command f32engine wraps an engine (by default the Go example engine,
// examples/engines/go) and rounds every number of its answers to float32:
// an engine exact only to float32 precision, as most game engines are.
// With -bug touching it also misses every contact that starts touching
// (a sweep answer at t = 0 becomes a miss), a bug that shows only where
// the ellipsoid starts on or in the mesh.
//
//	f32engine [-bug touching] ENGINE [ARGS...]
//
// The tests of cmd/debugger build it; go vet and go test ./... skip
// testdata.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
)

func main() {
	bug := flag.String("bug", "", `"touching": miss every contact at t = 0`)
	flag.Parse()
	if flag.NArg() == 0 || *bug != "" && *bug != "touching" {
		fmt.Fprintln(os.Stderr, "usage: f32engine [-bug touching] ENGINE [ARGS...]")
		os.Exit(2)
	}
	if err := run(flag.Args(), *bug == "touching"); err != nil {
		fmt.Fprintln(os.Stderr, "f32engine:", err)
		os.Exit(1)
	}
}

// run starts the engine and passes every request line to it and every
// answer back, rounded (and with the bug, touching sweeps missed).
func run(argv []string, missTouching bool) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	toEngine, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	fromEngine, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer cmd.Wait()
	defer toEngine.Close()
	in := bufio.NewReader(os.Stdin)
	answers := bufio.NewReader(fromEngine)
	for {
		req, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(req)) > 0 {
			if err := relay(req, toEngine, answers, missTouching); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// relay sends one request and writes its answer, changed, to stdout.
func relay(req []byte, w io.Writer, answers *bufio.Reader, missTouching bool) error {
	if _, err := w.Write(req); err != nil {
		return err
	}
	line, err := answers.ReadBytes('\n')
	if err != nil {
		return err
	}
	var op struct{ Op string }
	if err := json.Unmarshal(req, &op); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var ans map[string]any
	if err := dec.Decode(&ans); err != nil {
		return err
	}
	switch {
	case op.Op == "hello" && ans["name"] != nil:
		ans["name"] = fmt.Sprint(ans["name"], "-f32")
	case missTouching && op.Op == "sweep" && ans["t"] == json.Number("0"):
		ans = map[string]any{"hit": false}
	}
	out, err := json.Marshal(round(ans))
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(out, '\n'))
	return err
}

// round rounds every number in v to float32, written as float32's
// shortest text.
func round(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 32)
		if err != nil {
			return x
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 32))
	case []any:
		for i := range x {
			x[i] = round(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = round(x[k])
		}
	}
	return v
}
