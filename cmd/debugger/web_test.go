//go:build !js

package main

// The browser build's tests: the site make web writes (built here with
// the go tool into a temporary folder) served from 127.0.0.1 and opened
// in headless Chromium through chromedp. They skip when Chromium is
// missing outside CI (make test installs it: APT_PKGS).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"sweepdbg/internal/testenv"
	"sweepdbg/render"
	"sweepdbg/scene"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

var (
	webOnce sync.Once
	webDir  string
	webErr  error
)

// webSite builds the site once per test run (index.html, main.js,
// wasm_exec.js and debugger.wasm, as make web does) and serves it on
// 127.0.0.1; it returns the page's address.
func webSite(t *testing.T) string {
	t.Helper()
	webOnce.Do(func() { webDir, webErr = buildWebSite() })
	if webErr != nil {
		t.Fatal(webErr)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(webDir)))
	t.Cleanup(srv.Close)
	return srv.URL + "/index.html"
}

// buildWebSite writes the site into a fresh folder, or returns
// $SWEEPDBG_WEB_DIR when set (a site make web wrote, for a quick loop).
func buildWebSite() (string, error) {
	if dir := os.Getenv("SWEEPDBG_WEB_DIR"); dir != "" {
		return dir, nil
	}
	dir, err := os.MkdirTemp("", "debugger-web-")
	if err != nil {
		return "", err
	}
	cmd := exec.Command(testenv.GoTool(), "build", "-o", filepath.Join(dir, "debugger.wasm"), ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the wasm: %v\n%s", err, out)
	}
	root, err := exec.Command(testenv.GoTool(), "env", "GOROOT").Output()
	if err != nil {
		return "", err
	}
	for src, name := range map[string]string{
		filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join("web", "index.html"):                                            "index.html",
		filepath.Join("web", "main.js"):                                               "main.js",
	} {
		data, err := os.ReadFile(src)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		if err != nil {
			return "", err
		}
	}
	return dir, nil
}

// browser starts headless Chromium with a fresh profile and returns a
// tab's context, or skips when Chromium is missing outside CI.
func browser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing in CI (make test installs the chromium package)", chromiumPath)
		}
		t.Skipf("%s is missing: install Debian's chromium package (make test does, as root) to run the browser tests", chromiumPath)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// WebGL without a GPU: ANGLE on SwiftShader, which newer
		// Chromium allows only when asked.
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	console.reset()
	ctx, cancel2 := chromedp.NewContext(actx, chromedp.WithListener(console.listen))
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	return ctx
}

// console keeps what the page wrote to its console and the exceptions it
// threw, for the message of a failing test.
var console consoleLog

type consoleLog struct {
	mu    sync.Mutex
	lines []string
}

func (c *consoleLog) reset() { c.mu.Lock(); c.lines = nil; c.mu.Unlock() }

// listen is a chromedp listener: it only appends (see chromedp.Listen).
func (c *consoleLog) listen(ev any) {
	var line string
	switch ev := ev.(type) {
	case *cdpruntime.EventConsoleAPICalled:
		for _, a := range ev.Args {
			line += " " + string(a.Value) + a.Description
		}
		line = "console." + string(ev.Type) + ":" + line
	case *cdpruntime.EventExceptionThrown:
		line = "exception: " + ev.ExceptionDetails.Text
		if ex := ev.ExceptionDetails.Exception; ex != nil {
			line += " " + ex.Description
		}
	default:
		return
	}
	c.mu.Lock()
	c.lines = append(c.lines, line)
	c.mu.Unlock()
}

func (c *consoleLog) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.lines, "\n")
}

// page is what the page publishes (window.sweepdbg, see ui's publish).
type page struct {
	Frames int    `json:"frames"`
	Status string `json:"status"`
	Scene  string `json:"scene"`
	Link   string `json:"link"`
}

// open loads url and waits until the window has drawn two frames.
func open(t *testing.T, ctx context.Context, url string) page {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	return waitPage(t, ctx, func(p page) bool { return p.Frames >= 2 })
}

// pageWait is how long waitPage waits (a slow shared machine compiling
// 30 MB of WebAssembly under a software renderer).
const pageWait = 90 * time.Second

// waitPage polls window.sweepdbg until ok holds; after pageWait it fails,
// with the page's text and its console.
func waitPage(t *testing.T, ctx context.Context, ok func(page) bool) page {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, pageWait)
	defer cancel()
	var p page
	for {
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.sweepdbg || {})`))
		if err == nil {
			p = page{}
			err = json.Unmarshal([]byte(raw), &p)
		}
		if err == nil && ok(p) {
			return p
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the page did not get there: last state %+v, %v; console:\n%s", p, err, console.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// shot takes a screenshot of the page.
func shot(t *testing.T, ctx context.Context, save string) *image.RGBA {
	t.Helper()
	data, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if save != "" {
		_ = os.WriteFile(save, data, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// countColor counts the pixels of img exactly c.
func countColor(img *image.RGBA, c color.RGBA) int {
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if img.Pix[i] == c.R && img.Pix[i+1] == c.G && img.Pix[i+2] == c.B {
			n++
		}
	}
	return n
}

// posesDrawn fails unless the start (green) and end (red) poses' exact
// colours are on screen.
func posesDrawn(t *testing.T, img *image.RGBA) {
	t.Helper()
	for _, p := range []scene.Pose{scene.PoseStart, scene.PoseEnd} {
		if n := countColor(img, render.PoseColor(p)); n < 50 {
			t.Errorf("%d pixels of the %s pose's colour %v; want its outline drawn", n, p, render.PoseColor(p))
		}
	}
}

// TestWebDefaultScene: the page with no link shows the default scene,
// both poses drawn, and names it in the title.
func TestWebDefaultScene(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm and starts Chromium")
	}
	url := webSite(t)
	ctx := browser(t)
	p := open(t, ctx, url)
	if p.Scene != scene.DefaultName {
		t.Errorf("scene %q, want %q", p.Scene, scene.DefaultName)
	}
	posesDrawn(t, shot(t, ctx, os.Getenv("SWEEPDBG_WEB_SHOT")))
	if title, err := chromedp.Run(ctx, chromedp.Title()); err != nil || !strings.Contains(title, scene.DefaultName) {
		t.Errorf("title %q (%v); want it to name %s", title, err, scene.DefaultName)
	}
}
