//go:build js

// Package browser is the debugger's thin hold on the page it runs in
// (GOOS=js): the page's address and title, localStorage, the clipboard and
// downloads. Everything it writes into the page is text or bytes (a title
// through document.title, a download through a Blob), never HTML, so
// nothing a link or a file carries is rendered or executed. It imports
// nothing of the project; only the browser builds of ui and cmd/debugger
// use it.
package browser

import (
	"errors"
	"fmt"
	"syscall/js"
)

// ErrUnavailable marks a browser feature the page cannot use (no
// localStorage in a private window, no clipboard on an insecure page).
var ErrUnavailable = errors.New("not available in this browser")

// call runs f, turning a JavaScript exception (a panic of js.Value.Call
// carrying a js.Error) into an error.
func call(what string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = fmt.Errorf("%s: %s", what, je.Error())
				return
			}
			err = fmt.Errorf("%s: %v", what, r)
		}
	}()
	f()
	return nil
}

// global returns the global object's property name, or an error wrapping
// ErrUnavailable when it is undefined or null.
func global(name string) (js.Value, error) {
	v := js.Global().Get(name)
	if v.IsUndefined() || v.IsNull() {
		return js.Value{}, fmt.Errorf("%s: %w", name, ErrUnavailable)
	}
	return v, nil
}

// Href returns the page's address (location.href), "" when unknown.
func Href() string {
	loc, err := global("location")
	if err != nil {
		return ""
	}
	return loc.Get("href").String()
}

// SetTitle sets the page's title as plain text (document.title).
func SetTitle(title string) {
	if doc, err := global("document"); err == nil {
		doc.Set("title", title)
	}
}

// StorageGet returns localStorage's item key and whether it exists.
func StorageGet(key string) (string, bool, error) {
	var val js.Value
	err := call("localStorage", func() {
		st, gerr := global("localStorage")
		if gerr != nil {
			panic(gerr)
		}
		val = st.Call("getItem", key)
	})
	if err != nil || val.IsNull() || val.IsUndefined() {
		return "", false, err
	}
	return val.String(), true, nil
}

// StorageSet stores value under key in localStorage (an error when the
// browser refuses it, e.g. over its quota of a few MiB).
func StorageSet(key, value string) error {
	return storage(func(st js.Value) { st.Call("setItem", key, value) })
}

// StorageRemove removes key from localStorage.
func StorageRemove(key string) error {
	return storage(func(st js.Value) { st.Call("removeItem", key) })
}

// storage runs f on localStorage, reporting exceptions as errors.
func storage(f func(st js.Value)) error {
	st, err := global("localStorage")
	if err != nil {
		return err
	}
	return call("localStorage", func() { f(st) })
}

// Download offers data to the user as a file named name, of MIME type
// mime: a Blob behind a temporary <a download> element that is clicked
// and removed.
func Download(name, mime string, data []byte) error {
	doc, err := global("document")
	if err != nil {
		return err
	}
	return call("download", func() {
		arr := js.Global().Get("Uint8Array").New(len(data))
		js.CopyBytesToJS(arr, data)
		opts := js.Global().Get("Object").New()
		opts.Set("type", mime)
		blob := js.Global().Get("Blob").New(js.Global().Get("Array").New(arr), opts)
		url := js.Global().Get("URL").Call("createObjectURL", blob)
		a := doc.Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", a)
		a.Call("click")
		a.Call("remove")
		// Revoked later: some browsers read the URL after click returns.
		js.Global().Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
			js.Global().Get("URL").Call("revokeObjectURL", url)
			return nil
		}), 10000)
	})
}

// WriteClipboard puts text on the clipboard (navigator.clipboard.writeText;
// the browser allows it on a secure page, http://127.0.0.1 and localhost
// included, after a user gesture). done, when not nil, is called from the
// browser's event loop with the outcome.
func WriteClipboard(text string, done func(error)) {
	report := func(err error) {
		if done != nil {
			done(err)
		}
	}
	nav, err := global("navigator")
	if err != nil {
		report(err)
		return
	}
	cb := nav.Get("clipboard")
	if cb.IsUndefined() || cb.IsNull() {
		report(fmt.Errorf("clipboard: %w", ErrUnavailable))
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(js.Value, []js.Value) any { release(); report(nil); return nil })
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		msg := "refused"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		report(fmt.Errorf("clipboard: %s", msg))
		return nil
	})
	if err := call("clipboard", func() { cb.Call("writeText", text).Call("then", ok, fail) }); err != nil {
		release()
		report(err)
	}
}

// Publish sets window.sweepdbg to an object with the given fields
// (strings, numbers, booleans and []any of those), for scripts that
// watch the page.
func Publish(fields map[string]any) {
	obj := js.Global().Get("Object").New()
	for k, v := range fields {
		obj.Set(k, v)
	}
	js.Global().Set("sweepdbg", obj)
}

// OnHashChange calls f with the page's new address whenever its fragment
// changes (a link pasted into the address bar of the open page). f runs
// on the browser's event loop: it must hand work to the program's own
// loop, not block.
func OnHashChange(f func(href string)) {
	js.Global().Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		f(Href())
		return nil
	}))
}

// GuardDrops stops a drop on the page that carries a file the page cannot
// read as one before it reaches the canvas, and calls f with its name
// ("" when unknown) on the browser's event loop. Ebitengine (v2.10.4)
// reads each dropped item of kind "file" through
// webkitGetAsEntry().filesystem; an item that has no entry (the browser
// gives none for a file made from dragged data rather than read from
// the disk) made that a null dereference that ended the program, with
// the user's unsaved work. The guard listens on the window in the
// capture phase, before the canvas's own listener.
func GuardDrops(f func(name string)) {
	js.Global().Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		dt := ev.Get("dataTransfer")
		if !dt.Truthy() || !dt.Get("items").Truthy() {
			return nil
		}
		items := dt.Get("items")
		for i := range items.Length() {
			item := items.Index(i)
			if item.Get("kind").String() != "file" || item.Call("webkitGetAsEntry").Truthy() {
				continue
			}
			ev.Call("preventDefault")
			ev.Call("stopImmediatePropagation")
			name := ""
			if file := item.Call("getAsFile"); file.Truthy() {
				name = file.Get("name").String()
			}
			f(name)
			return nil
		}
		return nil
	}), true)
}

// SinceLoad is the time since the page began to load
// (performance.now()), in milliseconds.
func SinceLoad() float64 {
	p, err := global("performance")
	if err != nil {
		return 0
	}
	return p.Call("now").Float()
}

// SingleSampledCanvas makes the WebGL 2 context of the page's first
// <canvas> (the one Ebitengine adds to the page when its package
// initialises) before Ebitengine asks for it: with the attributes
// Ebitengine asks for (premultiplied alpha, a stencil buffer) but
// antialias off, where WebGL's default is a multisampled drawing
// buffer, and opaque (alpha off). A canvas has one context of a type,
// so Ebitengine's own getContext then returns this one. Ebitengine
// draws the window into an image of its own and copies it into the
// drawing buffer as one quad covering it, so multisampling changes no
// pixel; under a software WebGL (SwiftShader) it cost about half of
// every drawn frame. Before that copy it fills the drawing buffer with
// opaque black (the window is not transparent), so every pixel it
// presents is opaque and an alpha channel changes none; without one the
// browser composites the canvas as opaque, which made a drag on a GPU
// driver (llvmpipe) about a fifth faster (docs/performance.md, "Browser
// build"). An error (no canvas, no WebGL 2) leaves the canvas alone,
// for Ebitengine to report.
func SingleSampledCanvas() error {
	doc, err := global("document")
	if err != nil {
		return err
	}
	return call("WebGL 2 context", func() {
		canvas := doc.Call("querySelector", "canvas")
		if !canvas.Truthy() {
			panic(fmt.Errorf("no canvas: %w", ErrUnavailable))
		}
		attr := js.Global().Get("Object").New()
		attr.Set("alpha", false)
		attr.Set("premultipliedAlpha", true)
		attr.Set("stencil", true)
		attr.Set("antialias", false)
		if ctx := canvas.Call("getContext", "webgl2", attr); !ctx.Truthy() {
			panic(ErrUnavailable)
		}
	})
}

// A FilePicker is the page's file chooser: a hidden
// <input type="file"> that Choose clicks. Browsers show a file chooser
// only shortly after a user gesture (a click or a key); when the page has
// none (navigator.userActivation says so), Choose shows the input itself
// at the top of the page for the user to click, and reports
// ErrNeedsClick.
type FilePicker struct {
	input  js.Value
	change js.Func
}

// ErrNeedsClick marks a file chooser the browser would not open without a
// fresh user gesture; the picker's input is shown on the page instead.
var ErrNeedsClick = errors.New("the browser shows a file chooser only right after a click: click the file field at the top of the page")

// A ChosenFile is a file the user chose: its name and size, and Read,
// which returns its bytes. Read blocks until the browser has read the
// file: call it from a goroutine of its own, never from a callback of the
// browser's event loop.
type ChosenFile struct {
	Name string
	Size int64
	file js.Value
}

// NewFilePicker adds a hidden file input accepting the file types in
// accept (e.g. ".json,.obj") to the page. f is called with each file the
// user chooses, on the browser's event loop: it must hand the work to the
// program's own loop, not block.
func NewFilePicker(accept string, f func(ChosenFile)) (*FilePicker, error) {
	doc, err := global("document")
	if err != nil {
		return nil, err
	}
	p := &FilePicker{}
	err = call("file chooser", func() {
		in := doc.Call("createElement", "input")
		in.Set("type", "file")
		in.Set("accept", accept)
		in.Set("id", "sweepdbg-open")
		in.Set("title", "open a fixture or a level file")
		st := in.Get("style")
		st.Set("display", "none")
		st.Set("position", "fixed")
		st.Set("left", "50%")
		st.Set("top", "0.5em")
		st.Set("transform", "translateX(-50%)")
		st.Set("zIndex", "10")
		st.Set("padding", "0.5em")
		st.Set("background", "#33363f")
		st.Set("color", "#dcdcdc")
		st.Set("border", "2px solid #e0c060")
		p.change = js.FuncOf(func(js.Value, []js.Value) any {
			files := in.Get("files")
			if files.IsUndefined() || files.IsNull() || files.Get("length").Int() == 0 {
				return nil
			}
			file := files.Call("item", 0)
			in.Set("value", "") // choosing the same file again fires change again
			in.Get("style").Set("display", "none")
			f(ChosenFile{Name: file.Get("name").String(), Size: int64(file.Get("size").Float()), file: file})
			return nil
		})
		in.Call("addEventListener", "change", p.change)
		doc.Get("body").Call("appendChild", in)
		p.input = in
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Choose shows the browser's file chooser. Without a recent user gesture
// it shows the picker's input on the page instead and returns
// ErrNeedsClick.
func (p *FilePicker) Choose() error {
	if ua := js.Global().Get("navigator").Get("userActivation"); ua.Truthy() && !ua.Get("isActive").Bool() {
		p.input.Get("style").Set("display", "block")
		return ErrNeedsClick
	}
	return call("file chooser", func() { p.input.Call("click") })
}

// Read returns the file's bytes (File.arrayBuffer), blocking until the
// browser has read them.
func (c ChosenFile) Read() ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		arr := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(data, arr)
		done <- result{data: data}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		msg := "refused"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- result{err: fmt.Errorf("reading the file: %s", msg)}
		return nil
	})
	if err := call("reading the file", func() { c.file.Call("arrayBuffer").Call("then", ok, fail) }); err != nil {
		ok.Release()
		fail.Release()
		return nil, err
	}
	r := <-done
	return r.data, r.err
}
