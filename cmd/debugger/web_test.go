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
	"image/draw"
	"image/png"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/systeminfo"
	"github.com/chromedp/chromedp"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"sweepdbg/internal/testenv"
	"sweepdbg/render"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/scene/share"
	"sweepdbg/ui/editor"
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
	dir, err := os.MkdirTemp(engineDir, "web-") // removed by TestMain
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
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
	gl, err := webGL()
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts, gl...)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	console.reset()
	ctx, cancel2 := chromedp.NewContext(actx, chromedp.WithListener(console.listen))
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	return ctx
}

// webGL returns Chromium's flags for the WebGL and compositing that
// $SWEEPDBG_WEB_GL names:
//
//   - "swiftshader" (the default): WebGL without a GPU, ANGLE on
//     SwiftShader (asked for explicitly; Chromium 156 also falls back to
//     it unasked), and software compositing (--disable-gpu), which reads
//     the canvas back every frame. Every browser test runs so, display
//     or none.
//   - "gl": ANGLE on the system's OpenGL driver with GPU compositing, as
//     a browser on a machine with a GPU draws. It needs a display (run
//     under xvfb-run); here the driver is Mesa's llvmpipe, the one the
//     desktop window draws with, so TestWebDragFrameRate compares the
//     browser with the desktop on the same renderer. Chromium
//     blocklists llvmpipe, hence --ignore-gpu-blocklist.
func webGL() ([]chromedp.ExecAllocatorOption, error) {
	switch gl := os.Getenv("SWEEPDBG_WEB_GL"); gl {
	case "", "swiftshader":
		return []chromedp.ExecAllocatorOption{
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("use-angle", "swiftshader"),
			chromedp.Flag("enable-unsafe-swiftshader", true),
		}, nil
	case "gl":
		if os.Getenv("DISPLAY") == "" {
			return nil, fmt.Errorf("SWEEPDBG_WEB_GL=gl needs a display: run under xvfb-run")
		}
		return []chromedp.ExecAllocatorOption{
			chromedp.Flag("use-angle", "gl"),
			chromedp.Flag("ignore-gpu-blocklist", true),
		}, nil
	default:
		return nil, fmt.Errorf("SWEEPDBG_WEB_GL=%q: want swiftshader or gl", gl)
	}
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
	// FirstFrameMs is when the first frame was drawn, in milliseconds
	// since the page began to load.
	FirstFrameMs float64 `json:"firstFrameMs"`
	// OpenButton is the Scene panel's Open button: x0 y0 x1 y1, CSS
	// pixels.
	OpenButton [4]float64 `json:"openButton"`
}

// open loads url and waits until the window has drawn two frames (for
// about: pages, just loads them).
func open(t *testing.T, ctx context.Context, url string) page {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil || strings.HasPrefix(url, "about:") {
		if err != nil {
			t.Fatal(err)
		}
		return page{}
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
// both poses drawn, and names it in the title; its canvas draws
// single-sampled and opaque (browser.SingleSampledCanvas).
func TestWebDefaultScene(t *testing.T) {
	url, ctx := webPage(t)
	p := open(t, ctx, url)
	// Measured, not asserted (docs/performance.md).
	t.Logf("first frame %.0f ms after the page began to load", p.FirstFrameMs)
	if p.Scene != scene.DefaultName {
		t.Errorf("scene %q, want %q", p.Scene, scene.DefaultName)
	}
	posesDrawn(t, shot(t, ctx, os.Getenv("SWEEPDBG_WEB_SHOT")))
	if title, err := chromedp.Run(ctx, chromedp.Title()); err != nil || !strings.Contains(title, scene.DefaultName) {
		t.Errorf("title %q (%v); want it to name %s", title, err, scene.DefaultName)
	}
	attrs, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`document.querySelector("canvas").getContext("webgl2").getContextAttributes()`))
	if err != nil || attrs["antialias"] != false || attrs["alpha"] != false || attrs["stencil"] != true || attrs["premultipliedAlpha"] != true {
		t.Errorf("the canvas's WebGL context has %v (%v); want Ebitengine's attributes, single-sampled and opaque", attrs, err)
	}
}

// linkTo returns the page's address with s's fixture as its link.
func linkTo(t *testing.T, base string, s *scene.Scene) string {
	t.Helper()
	link, err := share.Link(base, s)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// webPage skips under -short, else serves the site and starts Chromium:
// the site's URL and the browser's context.
func webPage(t *testing.T) (string, context.Context) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the wasm and starts Chromium")
	}
	return webSite(t), browser(t)
}

// title returns the page's title.
func title(t *testing.T, ctx context.Context) string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Title())
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestWebLinkOpensFixture: a link opens its fixture (its name in the
// title, its poses drawn), and a name with markup stays text: in the
// title as written, no element made of it, no script run.
func TestWebLinkOpensFixture(t *testing.T) {
	url, ctx := webPage(t)
	s, err := scene.Builtin("stairs")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = `<img src=x onerror=alert(1)>`
	p := open(t, ctx, linkTo(t, url, s))
	if p.Scene != s.Name {
		t.Fatalf("scene %q; want the link's %q (status %q)", p.Scene, s.Name, p.Status)
	}
	if got := title(t, ctx); !strings.Contains(got, "shared fixture "+s.Name) {
		t.Errorf("title %q; want it to say shared fixture %s, as text", got, s.Name)
	}
	noElements(t, ctx, "img")
	posesDrawn(t, shot(t, ctx, os.Getenv("SWEEPDBG_WEB_LINKSHOT")))
	if lines := console.String(); strings.Contains(lines, "alert") {
		t.Errorf("the console mentions alert:\n%s", lines)
	}
}

// TestWebBadLink: a damaged link shows what is wrong on the status line
// and the default scene, drawn.
func TestWebBadLink(t *testing.T) {
	url, ctx := webPage(t)
	s, _ := scene.Builtin("stairs")
	good := linkTo(t, url, s)
	p := open(t, ctx, good[:len(good)-30])
	if p.Scene != scene.DefaultName || !strings.Contains(p.Status, "share link: ") || !strings.Contains(p.Status, "truncated or damaged") {
		t.Fatalf("scene %q, status %q; want the default scene and the link's problem", p.Scene, p.Status)
	}
	posesDrawn(t, shot(t, ctx, os.Getenv("SWEEPDBG_WEB_BADSHOT")))
}

// TestWebShareRoundTrip: Ctrl+L on a page opened from a link gives a link
// to the same moment: opened, it shares the very same link again.
func TestWebShareRoundTrip(t *testing.T) {
	url, ctx := webPage(t)
	s, _ := scene.Builtin("crease")
	s.Start = s.Start.Add(mgl64.Vec3{0.125, 0, -0.25}) // a moment no built-in has
	open(t, ctx, linkTo(t, url, s))
	first := shareByKey(t, ctx)
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.origin + location.pathname`))
	if err != nil || !strings.HasPrefix(first.Link, href+share.Marker) {
		t.Fatalf("shared %.80q; want the page's address %q then %s (%v)", first.Link, href, share.Marker, err)
	}
	got, err := share.Open(first.Link)
	if err != nil || got.Start != s.Start || got.End != s.End || got.Name != s.Name {
		t.Fatalf("the shared link opens to %+v, %v; want the moment shown", got, err)
	}
	open(t, ctx, "about:blank#"+first.Link) // a new page, not a fragment change
	open(t, ctx, first.Link)
	if again := shareByKey(t, ctx); again.Link != first.Link {
		t.Fatalf("sharing the reopened moment gave another link:\n%.120s\n%.120s", again.Link, first.Link)
	}
}

// pressCtrl holds Control, presses the key (DOM code, key and Windows
// key code), waits a few frames (Ebitengine reads keys once a frame) and
// lets both go.
func pressCtrl(t *testing.T, ctx context.Context, code, key string, vk int64) {
	t.Helper()
	ctrl := input.DispatchKeyEventParams{Code: "ControlLeft", Key: "Control", WindowsVirtualKeyCode: 17, Modifiers: 2}
	k := input.DispatchKeyEventParams{Code: code, Key: key, WindowsVirtualKeyCode: vk, Modifiers: 2}
	for _, ev := range []struct {
		p    input.DispatchKeyEventParams
		typ  input.DispatchKeyEventType
		wait time.Duration
	}{{ctrl, input.DispatchKeyEventTypeRawKeyDown, 0}, {k, input.DispatchKeyEventTypeRawKeyDown, 200 * time.Millisecond}, {k, input.DispatchKeyEventTypeKeyUp, 0}, {ctrl, input.DispatchKeyEventTypeKeyUp, 0}} {
		ev.p.Type = ev.typ
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, ev.p); err != nil {
			t.Fatal(err)
		}
		time.Sleep(ev.wait)
	}
}

// shareByKey presses Ctrl+L and waits for the link.
func shareByKey(t *testing.T, ctx context.Context) page {
	t.Helper()
	before := waitPage(t, ctx, func(page) bool { return true })
	// The keys go to the focused element: Ebitengine's canvas.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector("canvas").focus()`)); err != nil {
		t.Fatal(err)
	}
	pressCtrl(t, ctx, "KeyL", "l", 76)
	return waitPage(t, ctx, func(p page) bool { return p.Link != "" && p.Link != before.Link })
}

// TestWebSessionInLocalStorage: the session is kept in localStorage: a
// page opened from a link saves it, and the page opened again without a
// link shows that scene.
func TestWebSessionInLocalStorage(t *testing.T) {
	url, ctx := webPage(t)
	s, _ := scene.Builtin("spike")
	s.Name = "kept-in-the-browser"
	open(t, ctx, linkTo(t, url, s))
	deadline := time.Now().Add(pageWait)
	for {
		saved, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem("sweepdbg.session") || ""`))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(saved, s.Name) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session with %q in localStorage (have %.200q)", s.Name, saved)
		}
		time.Sleep(200 * time.Millisecond)
	}
	open(t, ctx, "about:blank")
	if p := open(t, ctx, url); p.Scene != s.Name {
		t.Fatalf("reopened without a link: scene %q, status %q; want the session's %q", p.Scene, p.Status, s.Name)
	}
}

// clickAt presses and releases the left mouse button at x, y (CSS
// pixels), holding it a few frames (Ebitengine reads the mouse once a
// frame).
func clickAt(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
		p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1}
		if typ == input.DispatchMouseEventTypeMousePressed {
			p.Buttons = 1
		}
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, p); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// openWithButton clicks the Scene panel's Open button and, when the
// page shows its file chooser, chooses path in it (the chooser is
// intercepted: Page.setInterceptFileChooserDialog).
func openWithButton(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	p := waitPage(t, ctx, func(p page) bool { return p.OpenButton[2] > p.OpenButton[0] })
	opened := make(chan cdp.BackendNodeID, 1)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		if ev, ok := ev.(*cdppage.EventFileChooserOpened); ok {
			select {
			case opened <- ev.BackendNodeID:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdppage.SetInterceptFileChooserDialog, cdppage.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	b := p.OpenButton
	clickAt(t, ctx, (b[0]+b[2])/2, (b[1]+b[3])/2)
	select {
	case node := <-opened:
		if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{path}, BackendNodeID: node}); err != nil {
			t.Fatal(err)
		}
	case <-time.After(pageWait):
		t.Fatalf("clicking Open at %v showed no file chooser; status %q; console:\n%s", b, waitPage(t, ctx, func(page) bool { return true }).Status, console.String())
	}
}

// TestWebOpenButton: the Scene panel's Open button shows the browser's
// file chooser, and the file chosen opens from its bytes: its scene's
// name in the window and the title, as text, the Scene drop-down naming
// it, other pixels on screen.
func TestWebOpenButton(t *testing.T) {
	url, ctx := webPage(t)
	s, err := scene.Builtin("stairs")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "chosen <b>with</b> Open"
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "chosen.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	before := shot(t, ctx, "")
	openWithButton(t, ctx, path)
	p := waitPage(t, ctx, func(p page) bool { return p.Scene == s.Name })
	if got := title(t, ctx); !strings.Contains(got, "shared fixture "+s.Name) {
		t.Errorf("title %q; want it to say shared fixture %s, as text", got, s.Name)
	}
	noElements(t, ctx, "b")
	posesDrawn(t, redrawn(t, ctx, p, before, os.Getenv("SWEEPDBG_WEB_OPENSHOT"), "opening "+path))
}

// noElements fails the test when the page holds an element named tag:
// a name with markup must stay text.
func noElements(t *testing.T, ctx context.Context, tag string) {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(tag)+`).length`))
	if err != nil || n != 0 {
		t.Errorf("%d %s elements (%v); the name must not become markup", n, tag, err)
	}
}

// redrawn waits for three frames after the page state p, takes a
// screenshot (also written to file, when not empty) and checks that at
// least 1000 pixels differ from before, what was on screen ahead of what
// happened: after it has been drawn.
func redrawn(t *testing.T, ctx context.Context, p page, before *image.RGBA, file, what string) *image.RGBA {
	t.Helper()
	waitPage(t, ctx, func(q page) bool { return q.Frames > p.Frames+2 })
	after := shot(t, ctx, file)
	if changed := differentPixels(before, after); changed < 1000 {
		t.Errorf("%d pixels changed after %s; want it drawn", changed, what)
	}
	return after
}

// differentPixels counts the pixels where a and b differ.
func differentPixels(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		if !bytes.Equal(a.Pix[i:i+3], b.Pix[i:i+3]) {
			n++
		}
	}
	return n
}

// TestWebOpenRefused: a file chosen with Open that is too large, or not a
// fixture, is refused with its message on the status line, and the
// scene shown stays.
func TestWebOpenRefused(t *testing.T) {
	url, ctx := webPage(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "huge.json")
	f, err := os.Create(big)
	if err == nil {
		err = f.Truncate(scene.MaxFixtureSize + 1) // sparse: no disk used
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	bad := filepath.Join(dir, "broken.json")
	if err == nil {
		err = os.WriteFile(bad, []byte(`{"version": 1, "mesh": `), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	wantTitle := title(t, ctx)
	for _, tc := range []struct{ path, want string }{
		{big, "too large"},
		{bad, "broken.json"},
	} {
		before := waitPage(t, ctx, func(page) bool { return true })
		openWithButton(t, ctx, tc.path)
		p := waitPage(t, ctx, func(p page) bool {
			return p.Status != before.Status && !strings.HasPrefix(p.Status, "reading") && !strings.HasPrefix(p.Status, "loading")
		})
		if !strings.Contains(p.Status, tc.want) || !strings.Contains(p.Status, filepath.Base(tc.path)) {
			t.Errorf("%s: status %q; want it to name the file and say %q", tc.path, p.Status, tc.want)
		}
		if p.Scene != scene.DefaultName {
			t.Errorf("%s: scene %q; want %q still", tc.path, p.Scene, scene.DefaultName)
		}
		if got := title(t, ctx); got != wantTitle {
			t.Errorf("%s: title %q; want %q still", tc.path, got, wantTitle)
		}
	}
}

// TestWebDragFrameRate measures, and does not judge, the frame rate while
// a pose of the default scene is dragged in headless Chromium: the mouse
// pressed on the start pose, moved 200 times by 2 px 12 ms apart, as the
// desktop measurement does (docs/performance.md, "Browser build"). It
// runs only with SWEEPDBG_WEB_FPS=1 and logs the figures.
func TestWebDragFrameRate(t *testing.T) {
	if os.Getenv("SWEEPDBG_WEB_FPS") != "1" {
		t.Skip("a measurement: set SWEEPDBG_WEB_FPS=1")
	}
	url := webSite(t)
	ctx := browser(t)
	open(t, ctx, url)
	t.Logf("drawn with %s", renderer(t, ctx))
	time.Sleep(3 * time.Second) // let the start-up settle
	// The view right of the legend's box (a window of 1280 x 800).
	view := image.Rect(495, 0, 1000, 620)
	before := shot(t, ctx, "")
	x, y, n := colorCenter(before, render.PoseColor(scene.PoseStart), view)
	ex, ey, _ := colorCenter(before, render.PoseColor(scene.PoseEnd), view)
	if n < 50 {
		t.Fatalf("the start pose is not on screen (%d pixels)", n)
	}
	// Each frame drawn, as window.sweepdbg.frames counts them, is
	// stamped with its requestAnimationFrame time.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`(() => {
		window.fpsStamps = []; let last = window.sweepdbg.frames;
		const tick = (ts) => { const f = window.sweepdbg.frames; if (f !== last) { last = f; window.fpsStamps.push(ts); } requestAnimationFrame(tick); };
		requestAnimationFrame(tick); return 0; })()`)); err != nil {
		t.Fatal(err)
	}
	mouse := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) {
		p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons}
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, p); err != nil {
			t.Fatal(err)
		}
	}
	mouse(input.DispatchMouseEventTypeMouseMoved, x, y, 0)
	idle := waitPage(t, ctx, func(page) bool { return true })
	time.Sleep(5 * time.Second)
	begin := waitPage(t, ctx, func(page) bool { return true })
	t.Logf("idle, the cursor on the start pose: %.1f frames/s", float64(begin.Frames-idle.Frames)/5)
	mouse(input.DispatchMouseEventTypeMousePressed, x, y, 1)
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	for i := 1; i <= 200; i++ {
		mouse(input.DispatchMouseEventTypeMouseMoved, x-1.5*float64(i), y-float64(i), 1) // up and left, within the view
		time.Sleep(12 * time.Millisecond)
	}
	wall := time.Since(start)
	mouse(input.DispatchMouseEventTypeMouseReleased, x-300, y-200, 0)
	end := waitPage(t, ctx, func(page) bool { return true })
	stamps, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.fpsStamps`))
	if err != nil {
		t.Fatal(err)
	}
	var gaps []float64
	for i := 1; i < len(stamps); i++ {
		gaps = append(gaps, stamps[i]-stamps[i-1])
	}
	slices.Sort(gaps)
	pct := func(q float64) float64 {
		if len(gaps) == 0 {
			return 0
		}
		return gaps[int(q*float64(len(gaps)-1))]
	}
	after := shot(t, ctx, os.Getenv("SWEEPDBG_WEB_DRAGSHOT"))
	// The start pose, dragged up and left, is found right of the left
	// panels and above the legend's box.
	nx, ny, nn := colorCenter(after, render.PoseColor(scene.PoseStart), image.Rect(290, 0, 1000, 415))
	nex, ney, _ := colorCenter(after, render.PoseColor(scene.PoseEnd), view)
	t.Logf("drag of %v: %d frames drawn, %.1f frames/s; frame interval median %.1f ms, p90 %.1f ms; start pose (%.0f, %.0f) -> (%.0f, %.0f), end pose (%.0f, %.0f) -> (%.0f, %.0f) (still: a drag, not an orbit); status %q",
		wall.Round(time.Millisecond), end.Frames-begin.Frames, float64(end.Frames-begin.Frames)/wall.Seconds(), pct(0.5), pct(0.9),
		x, y, nx, ny, ex, ey, nex, ney, end.Status)
	if nn < 50 {
		t.Fatalf("the dragged start pose is not on screen (%d pixels)", nn)
	}
	inPageDrag(t, ctx, nx, ny)
}

// renderer names the page canvas's WebGL renderer and Chromium's
// compositing (its gpu_compositing feature status: "enabled" or
// "disabled_software"), for a measurement's log.
func renderer(t *testing.T, ctx context.Context) string {
	t.Helper()
	name, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const gl = document.querySelector("canvas").getContext("webgl2"), ext = gl.getExtension("WEBGL_debug_renderer_info");
		return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER); })()`))
	if err != nil {
		t.Fatal(err)
	}
	info, err := chromedp.CallBrowser(ctx, systeminfo.GetInfo, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	var status map[string]string
	if info.GPU != nil {
		_ = json.Unmarshal(info.GPU.FeatureStatus, &status)
	}
	return fmt.Sprintf("WebGL on %s, gpu_compositing %s", name, status["gpu_compositing"])
}

// inPageDrag drags from (x, y) with mouse events the page itself
// dispatches on the canvas every 16 ms for 5 s (as a person's mouse
// would, without waiting for the page to handle each one, unlike the
// debugging protocol's), and logs the frames drawn meanwhile.
func inPageDrag(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	script := fmt.Sprintf(`new Promise((done) => {
		const c = document.querySelector('canvas'), r = c.getBoundingClientRect();
		const ev = (type, i, buttons) => c.dispatchEvent(new MouseEvent(type, {bubbles: true, clientX: r.left + %f + 1.5*i, clientY: r.top + %f + i, button: 0, buttons}));
		const stamps = []; let last = window.sweepdbg.frames, going = true;
		const tick = (ts) => { const f = window.sweepdbg.frames; if (f !== last) { last = f; stamps.push(ts); } if (going) requestAnimationFrame(tick); };
		requestAnimationFrame(tick);
		ev('mousemove', 0, 0); ev('mousedown', 0, 1);
		let i = 0; const t0 = performance.now();
		const id = setInterval(() => { i++; ev('mousemove', i %% 120, 1); }, 16);
		setTimeout(() => { clearInterval(id); ev('mouseup', i %% 120, 0); going = false;
			done({ms: performance.now() - t0, moves: i, stamps}); }, 5000);
	})`, x, y)
	type result struct {
		Ms     float64
		Moves  int
		Stamps []float64
	}
	res, err := chromedp.Run(ctx, chromedp.Evaluate[result](script, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var gaps []float64
	for i := 1; i < len(res.Stamps); i++ {
		gaps = append(gaps, res.Stamps[i]-res.Stamps[i-1])
	}
	slices.Sort(gaps)
	med, p90 := 0.0, 0.0
	if len(gaps) > 0 {
		med, p90 = gaps[len(gaps)/2], gaps[int(0.9*float64(len(gaps)-1))]
	}
	t.Logf("in-page drag of %.0f ms, %d moves: %d frames drawn, %.1f frames/s; frame interval median %.1f ms, p90 %.1f ms",
		res.Ms, res.Moves, len(res.Stamps), float64(len(res.Stamps))/(res.Ms/1000), med, p90)
}

// colorCenter returns the mean position of img's pixels inside r that
// are exactly c and how many there are.
func colorCenter(img *image.RGBA, c color.RGBA, r image.Rectangle) (x, y float64, n int) {
	b := img.Bounds().Intersect(r)
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			i := img.PixOffset(px, py)
			if img.Pix[i] == c.R && img.Pix[i+1] == c.G && img.Pix[i+2] == c.B {
				x, y, n = x+float64(px), y+float64(py), n+1
			}
		}
	}
	if n > 0 {
		x, y = x/float64(n), y/float64(n)
	}
	return x, y, n
}

// dropFiles drags the files at paths over the page's canvas and drops
// them there with the browser's own drag events (Input.dispatchDragEvent,
// as from a file manager): the page reads them through their entries
// (DataTransferItem.webkitGetAsEntry), which a script-made DataTransfer
// does not have.
func dropFiles(t *testing.T, ctx context.Context, paths ...string) {
	t.Helper()
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: paths, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		p := input.DispatchDragEventParams{Type: typ, X: 700, Y: 400, Data: data}
		if _, err := chromedp.Call(ctx, input.DispatchDragEvent, p); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
}

// writeFile writes data to name in a fresh temporary folder and returns
// its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeGroundGLB writes a binary glTF of a flat square ground, 20 units
// on a side, and returns its path.
func writeGroundGLB(t *testing.T, name string) string {
	t.Helper()
	doc := gltf.NewDocument()
	pos := modeler.WritePosition(doc, [][3]float32{{-10, 0, -10}, {10, 0, -10}, {10, 0, 10}, {-10, 0, 10}})
	idx := modeler.WriteIndices(doc, []uint32{0, 2, 1, 0, 3, 2})
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}, Indices: gltf.Index(idx)}}}}
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0), Matrix: gltf.DefaultMatrix, Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale}}
	doc.Scenes[0].Nodes = []int{0}
	path := filepath.Join(t.TempDir(), name)
	if err := gltf.SaveBinary(doc, path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWebDropOpens: a fixture, an OBJ level and a binary glTF level
// dropped onto the page each open from their bytes: the scene's name in
// the window and the title, its poses drawn, other pixels on screen
// than before the drop. A dropped capture is judged with the tally the
// desktop gives it, and its first query drawn.
func TestWebDropOpens(t *testing.T) {
	url, ctx := webPage(t)
	s, err := scene.Builtin("stairs")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "dropped <i>fixture</i>"
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	level, err := os.ReadFile(filepath.Join("..", "..", "assets", "levels", "rooms.obj"))
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	for _, tc := range []struct{ path, scene string }{
		{writeFile(t, "fixture.json", data), s.Name},
		{writeFile(t, "rooms.obj", level), "rooms"},
		{writeGroundGLB(t, "ground.glb"), "ground"},
	} {
		before := shot(t, ctx, "")
		dropFiles(t, ctx, tc.path)
		p := waitPage(t, ctx, func(p page) bool { return p.Scene == tc.scene })
		if got := title(t, ctx); !strings.Contains(got, tc.scene) {
			t.Errorf("%s: title %q; want it to name %s, as text", tc.path, got, tc.scene)
		}
		posesDrawn(t, redrawn(t, ctx, p, before, "", "dropping "+tc.path))
	}
	noElements(t, ctx, "i")

	// A capture is judged as the desktop judges it: the same tally.
	capture, err := filepath.Abs(filepath.Join("..", "..", "scene", "engine", "testdata", "two-labels.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	l := editor.StartCapture(capture, 0)
	c, ok := l.Poll()
	for ; !ok; c, ok = l.Poll() {
		time.Sleep(10 * time.Millisecond)
	}
	if c.Err != nil || c.Tally.Records == 0 {
		t.Fatalf("the desktop reads %s as %+v, %v", capture, c.Tally, c.Err)
	}
	want := fmt.Sprintf("capture two-labels.jsonl: %d queries, %d agree, %d wrong, %d bad", c.Tally.Records, c.Tally.Agrees, c.Tally.Wrong, c.Tally.Errors)
	before := shot(t, ctx, "")
	dropFiles(t, ctx, capture)
	p := waitPage(t, ctx, func(p page) bool {
		return !strings.HasPrefix(p.Status, "reading") && !strings.HasPrefix(p.Status, "loading") && strings.Contains(p.Status, "two-labels")
	})
	if p.Status != want {
		t.Errorf("dropped %s: status %q; want the desktop's %q", capture, p.Status, want)
	}
	redrawn(t, ctx, p, before, "", "dropping "+capture)
}

// TestWebDropRefused: a dropped file over the size limit, or malformed,
// is refused with the message the desktop window gives for the same file
// (with its name where the desktop has its path), and the scene shown
// stays. So is a drop of a file the page cannot read as one (a relative
// path makes Chromium drop an item without a file system entry, as it
// does for a file made from dragged data), which ended the program.
func TestWebDropRefused(t *testing.T) {
	url, ctx := webPage(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "huge.json")
	f, err := os.Create(big)
	if err == nil {
		err = f.Truncate(scene.MaxFixtureSize + 1) // sparse: no disk used
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	bad := filepath.Join(dir, "broken.obj")
	if err == nil {
		err = os.WriteFile(bad, []byte("v 0 0 0\nv 1 0 0\nf 1 2 7\n"), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	wantTitle := title(t, ctx)
	for _, path := range []string{big, bad} {
		// What the desktop window shows for the same file (ui's pollLoad
		// shows the load's error as it is).
		res := editor.Open(context.Background(), path, view.Default(), editor.DefaultGrid, editor.UpAuto, editor.OpenHooks{})
		if res.Err == nil {
			t.Fatalf("%s opens on the desktop", path)
		}
		want := strings.ReplaceAll(res.Err.Error(), path, filepath.Base(path))
		before := waitPage(t, ctx, func(page) bool { return true })
		dropFiles(t, ctx, path)
		p := waitPage(t, ctx, func(p page) bool {
			return p.Status != before.Status && !strings.HasPrefix(p.Status, "reading") && !strings.HasPrefix(p.Status, "loading")
		})
		t.Logf("dropped %s: %s", filepath.Base(path), p.Status)
		if p.Status != want {
			t.Errorf("dropped %s: status\n%q\nwant the desktop's\n%q", filepath.Base(path), p.Status, want)
		}
		if p.Scene != scene.DefaultName {
			t.Errorf("%s: scene %q; want %q still", path, p.Scene, scene.DefaultName)
		}
		if got := title(t, ctx); got != wantTitle {
			t.Errorf("%s: title %q; want %q still", path, got, wantTitle)
		}
	}
	before := waitPage(t, ctx, func(page) bool { return true })
	dropFiles(t, ctx, filepath.Join("testdata", "no-entry.json"))
	p := waitPage(t, ctx, func(p page) bool { return p.Status != before.Status })
	t.Logf("dropped a file without an entry: %s", p.Status)
	if !strings.HasPrefix(p.Status, "dropped ") || !strings.Contains(p.Status, "not a file the page can read") {
		t.Errorf("dropped a file without an entry: status %q; want it refused", p.Status)
	}
	// The program still runs: it draws when the cursor moves (the frames
	// the message drew may all be done by now, and a resting window
	// draws none).
	for i, x := range []float64{700, 720, 740} {
		move := input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: 400 + float64(i)}
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, move); err != nil {
			t.Fatal(err)
		}
	}
	waitPage(t, ctx, func(q page) bool { return q.Frames > p.Frames+2 })
	if p.Scene != scene.DefaultName {
		t.Errorf("scene %q; want %q still", p.Scene, scene.DefaultName)
	}
}

// downloadsTo lets the page download files into a fresh folder
// (Browser.setDownloadBehavior) and returns it.
func downloadsTo(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	p := cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}
	if _, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, p); err != nil {
		t.Fatal(err)
	}
	return dir
}

// takeDownload waits for the one finished download in dir whose name ends
// in ext, and returns its name and bytes, removing it.
func takeDownload(t *testing.T, dir, ext string) (string, []byte) {
	t.Helper()
	deadline := time.Now().Add(pageWait)
	for {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ext) {
				names = append(names, e.Name())
			}
		}
		if len(names) > 1 {
			t.Fatalf("downloads %q; want one %s file", names, ext)
		}
		if len(names) == 1 {
			path := filepath.Join(dir, names[0])
			data, err := os.ReadFile(path)
			if err == nil {
				err = os.Remove(path)
			}
			if err != nil {
				t.Fatal(err)
			}
			return names[0], data
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s file downloaded into %s (have %v); console:\n%s", ext, dir, entries, console.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// pressKey presses and releases a key without modifiers (DOM code, key
// and Windows key code), holding it a few frames.
func pressKey(t *testing.T, ctx context.Context, code, key string, vk int64) {
	t.Helper()
	k := input.DispatchKeyEventParams{Code: code, Key: key, WindowsVirtualKeyCode: vk}
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		k.Type = typ
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// focusCanvas gives Ebitengine's canvas the keyboard.
func focusCanvas(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector("canvas").focus()`)); err != nil {
		t.Fatal(err)
	}
}

// statusAfter waits until the status line starts with prefix.
func statusAfter(t *testing.T, ctx context.Context, prefix string) page {
	t.Helper()
	return waitPage(t, ctx, func(p page) bool { return strings.HasPrefix(p.Status, prefix) })
}

// replayDownload parses a downloaded fixture and replays it: it must carry
// the answer the page computed (its expect) and the core must give that
// answer again; the fixture and the replay are returned.
func replayDownload(t *testing.T, name string, data []byte) (*scene.Scene, *scene.ReplayResult) {
	t.Helper()
	got, err := scene.Parse(data)
	if err != nil {
		t.Fatalf("the download %s does not parse: %v", name, err)
	}
	if e := got.Expect; e == nil || e.Hit == nil || e.Final == nil {
		t.Fatalf("the download %s records no answer (expect %+v)", name, got.Expect)
	}
	r, err := scene.Replay(got)
	if err != nil {
		t.Fatalf("replaying the download %s: %v", name, err)
	}
	if !r.Pass() {
		t.Errorf("the download %s replays to another answer than the page's: %v", name, r.Mismatches)
	}
	return got, r
}

// TestWebExportAndScreenshot: in a browser Export (Ctrl+E) and
// Screenshot (F12) download their files. The fixture names the moment,
// records the answer the page showed, and replays to it, which is also
// the core's answer for the moment the page was given; the screenshot is
// a PNG of the page's size showing both poses and the page's picture.
func TestWebExportAndScreenshot(t *testing.T) {
	url, ctx := webPage(t)
	s, err := scene.Builtin("crease")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "exported-from-the-page"
	s.Start = s.Start.Add(mgl64.Vec3{0.125, 0, -0.25}) // a moment no built-in has
	s.Expect = nil
	want, err := scene.Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, linkTo(t, url, s))
	dir := downloadsTo(t, ctx)
	focusCanvas(t, ctx)
	pressCtrl(t, ctx, "KeyE", "e", 69)
	p := statusAfter(t, ctx, "exported ")
	name, data := takeDownload(t, dir, ".json")
	if !strings.Contains(p.Status, name) || !strings.HasPrefix(name, s.Name+"-") {
		t.Errorf("downloaded %s, status %q; want the download named after the scene and the status naming it", name, p.Status)
	}
	got, _ := replayDownload(t, name, data)
	if got.Name != s.Name || got.Start != s.Start || got.End != s.End || len(got.Mesh.Triangles) != len(s.Mesh.Triangles) {
		t.Errorf("the download is %q from %v to %v over %d triangles; want the moment shown, %q from %v to %v over %d",
			got.Name, got.Start, got.End, len(got.Mesh.Triangles), s.Name, s.Start, s.End, len(s.Mesh.Triangles))
	}
	if ms := got.Expect.Check(want.Answer); len(ms) > 0 {
		t.Errorf("the page's answer is not the core's for the moment it was given: %v", ms)
	}

	page := shot(t, ctx, "")
	pressKey(t, ctx, "F12", "F12", 123)
	p = statusAfter(t, ctx, "screenshot ")
	name, data = takeDownload(t, dir, ".png")
	if !strings.Contains(p.Status, name) {
		t.Errorf("downloaded %s, status %q; want the status to name it", name, p.Status)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the screenshot %s: %v", name, err)
	}
	if img.Bounds() != page.Bounds() {
		t.Fatalf("the screenshot is %v; want the page's %v", img.Bounds(), page.Bounds())
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, image.Point{}, draw.Src)
	posesDrawn(t, rgba)
	// The same picture as the page's, but for the status line.
	n, all := differentPixels(page, rgba), page.Bounds().Dx()*page.Bounds().Dy()
	t.Logf("the screenshot %s: %v, %d pixels differ from the page's", name, img.Bounds(), n)
	if n > all/20 {
		t.Errorf("%d of %d pixels of the screenshot differ from the page's; want the page's picture", n, all)
	}
}

// bumpyGround is the default scene's shape swept down onto a ground of
// cells x cells/4 squares with random heights, every triangle within reach
// of the motion (so scene.Crop keeps them all): a moment whose share link
// is long.
func bumpyGround(t *testing.T, cells int) *scene.Scene {
	t.Helper()
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	ext := s.Shape.Extent()
	rows := cells / 4
	rng := rand.New(rand.NewPCG(22, 1))
	var m scene.Mesh
	for j := 0; j <= rows; j++ {
		for i := 0; i <= cells; i++ {
			x := -2 + 4*float64(i)/float64(cells)
			z := ext[2] * (-1 + 2*float64(j)/float64(rows))
			m.Vertices = append(m.Vertices, mgl64.Vec3{x, 0.2 * rng.Float64(), z})
		}
	}
	for j := 0; j < rows; j++ {
		for i := 0; i < cells; i++ {
			a := j*(cells+1) + i
			b, c, d := a+1, a+cells+1, a+cells+2
			m.Triangles = append(m.Triangles, [3]int{a, c, b}, [3]int{b, c, d})
		}
	}
	s.Name = "bumpy-ground"
	s.Mesh = m
	s.Start = mgl64.Vec3{-2, ext[1] + 1, 0}
	s.End = mgl64.Vec3{2, 0, 0}
	s.Expect = nil
	return s
}

// TestWebShareTooLong: Share on a moment whose link would be longer than a
// browser keeps (ui's maxLinkLen, 8000 characters) says so on the status
// line, copies no link and downloads the fixture instead, which replays
// to the page's answer. The moment is opened by dropping its fixture (no
// link could carry it).
func TestWebShareTooLong(t *testing.T) {
	url, ctx := webPage(t)
	s := bumpyGround(t, 48)
	r, err := scene.Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	if c, kept := scene.Crop(s, r.Answer, 0); len(kept) != len(s.Mesh.Triangles) {
		t.Fatalf("the moment crops to %d of %d triangles; want all within reach", len(kept), len(s.Mesh.Triangles))
	} else if link := linkTo(t, url, c); len(link) <= 8000 {
		t.Fatalf("the moment's link has only %d characters", len(link))
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url)
	dropFiles(t, ctx, writeFile(t, "bumpy.json", data))
	waitPage(t, ctx, func(p page) bool { return p.Scene == s.Name })
	dir := downloadsTo(t, ctx)
	focusCanvas(t, ctx)
	pressCtrl(t, ctx, "KeyL", "l", 76)
	p := statusAfter(t, ctx, "share: ")
	name, got := takeDownload(t, dir, ".json")
	t.Logf("status %q", p.Status)
	if !strings.Contains(p.Status, "over 8000") || !strings.Contains(p.Status, "too long to share") || !strings.Contains(p.Status, name) {
		t.Errorf("status %q; want it to say the link is too long and name the download %s", p.Status, name)
	}
	if p.Link != "" {
		t.Errorf("shared the link %.80q; want none", p.Link)
	}
	f, _ := replayDownload(t, name, got)
	if f.Name != s.Name || len(f.Mesh.Triangles) != len(s.Mesh.Triangles) || f.Start != s.Start || f.End != s.End {
		t.Errorf("the download is %q from %v to %v over %d triangles; want the moment shown, %q from %v to %v over %d",
			f.Name, f.Start, f.End, len(f.Mesh.Triangles), s.Name, s.Start, s.End, len(s.Mesh.Triangles))
	}
}
