# The collision debugger. `make run` opens the window on the default built-in
# scene; `make test` runs every test (vet, unit, property, pixel and
# end-to-end). Both install what a fresh Debian machine lacks when run as
# root, and say what to install otherwise.

GO       ?= go
PKGS     := ./...
PGO      := $(CURDIR)/cmd/debugger/default.pgo
# The command's end-to-end tests type into a real window with xdotool and
# run on a display of their own: a window another package's tests open on
# the same display can take the keyboard focus (GLFW focuses a window it
# shows), and keys typed meanwhile would go to it (the likely cause of a
# typing test that once lost characters under load).
E2EPKG   := ./cmd/debugger/
UNITPKGS  = $(shell $(GO) list ./... | grep -v '/cmd/debugger$$')
FUZZTIME ?= 20s
FUZZCI_TIME ?= 10s
BIN      := bin/debugger
# The platforms `make dist` builds for and `make test` cross-builds (the
# Go toolchain cross-compiles Ebitengine without cgo on all of them).
PLATFORMS := windows/amd64 darwin/arm64 darwin/amd64 linux/amd64 linux/arm64
DIST     := bin/dist
# What `debugger version` prints for a dist build: the version from the
# nearest tag (or the short commit), the commit, and the commit's date as
# the build date, so that two builds of one commit are byte-identical.
GIT_VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GIT_COMMIT  := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
GIT_DATE    := $(shell TZ=UTC git log -1 --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd 2>/dev/null || echo unknown)
LDFLAGS  := -s -w -X main.version=$(GIT_VERSION) -X main.commit=$(GIT_COMMIT) -X main.buildDate=$(GIT_DATE)

# System packages: Xvfb and xdotool for the window tests, X11/GL runtime
# libraries that Ebitengine loads at run time (it needs no -dev packages);
# gcc and python3 build and run the C and Python example engines;
# chromium runs the browser build's tests (cmd/debugger/web_test.go).
APT_PKGS := xvfb xauth xdotool libgl1 libgl1-mesa-dri libegl1 libx11-6 \
            libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 gcc python3 chromium \
            qemu-user-static

# The browser build: a static site (index.html, main.js, debugger.wasm and
# Go's wasm_exec.js) that needs nothing but a static file server.
WEB      := bin/web

.PHONY: web run test test-cpus test-short bench pgo jolt-bench fuzz fuzz-ci build dist cross deps sysdeps vet clean

run: deps
	$(GO) run ./cmd/debugger

# The static site in bin/web: serve it with any static server, e.g.
# python3 -m http.server -d bin/web (docs/share-links.md).
web: deps
	@rm -rf $(WEB) && mkdir -p $(WEB)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(WEB)/debugger.wasm ./cmd/debugger
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" cmd/debugger/web/index.html cmd/debugger/web/main.js $(WEB)/
	@ls -l $(WEB)

build: deps
	@mkdir -p bin
	$(GO) build -o $(BIN) ./cmd/debugger

# go vet, then every test. Tests that need a display run under xvfb-run.
# The plantbug build plants a known bug in the core: the hunter, and the
# hunt command, must find it.
test: deps sysdeps vet cross
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -timeout 60m $(UNITPKGS)
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -timeout 30m $(E2EPKG)
	$(GO) test -count=1 -race -short ./scene/engine/... ./ui/editor/...
	$(GO) test -count=1 -race -run 'Concurrent' ./sweep/
	$(GO) test -count=1 -short -tags purego ./sweep/
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -race -short -run 'Engine|Capture|Hunt' ./cmd/debugger/
	$(GO) test -count=1 -tags plantbug ./scene/hunt/...
	$(GO) test -count=1 -tags plantbug -run Plant ./cmd/debugger/
	@$(MAKE) --no-print-directory test-cpus
	@$(MAKE) --no-print-directory fuzz-ci

# The same answers on every CPU (docs/architecture.md): the core's answers
# digest, and a hunt of the capsule and box that finds nothing, built for
# arm64 and run under qemu-user, and built for amd64 v3 (run where the CPU
# has AVX2 and FMA); both are CPUs where Go fuses multiply-adds.
# internal/fusecheck, in the unit tests, checks the arm64 machine code.
CPUBIN := bin/cpus
test-cpus: deps
	@mkdir -p $(CPUBIN)
	GOARCH=arm64 CGO_ENABLED=0 $(GO) test -c -o $(CPUBIN)/sweep-arm64.test ./sweep/
	GOARCH=arm64 CGO_ENABLED=0 $(GO) test -c -o $(CPUBIN)/hunt-arm64.test ./scene/hunt/
	cd sweep && qemu-aarch64-static ../$(CPUBIN)/sweep-arm64.test -test.run 'SameAnswersOnEveryCPU|EllipsoidTriangleTable|LevelSweepsMatchBruteForce' -test.short
	cd scene/hunt && qemu-aarch64-static ../../$(CPUBIN)/hunt-arm64.test -test.run 'ShapesHuntClean' -test.short
	@if grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo; then \
	  echo "GOAMD64=v3"; GOAMD64=v3 $(GO) test -count=1 -run 'SameAnswersOnEveryCPU' ./sweep/; \
	else echo "no AVX2 and FMA here: the GOAMD64=v3 run is left out"; fi

# The same with -short: fewer property cases, for a quick loop.
test-short: deps sysdeps vet
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -short $(UNITPKGS)
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -short $(E2EPKG)

vet:
	$(GO) vet $(PKGS)

# Every platform builds and the code vets (tests included) for Windows,
# macOS and the browser (js/wasm), so a platform break fails make test on
# Linux.
cross: deps
	@set -e; for p in $(PLATFORMS) js/wasm; do \
	  echo "cross-build $$p"; \
	  GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/debugger; \
	done
	GOOS=windows GOARCH=amd64 $(GO) vet $(PKGS)
	GOOS=darwin GOARCH=arm64 $(GO) vet $(PKGS)
	GOOS=js GOARCH=wasm $(GO) vet $(PKGS)

# Downloadable binaries: one executable per platform in bin/dist
# (sweepdbg-OS-ARCH, .exe on Windows) and their SHA256SUMS.
dist: deps
	@rm -rf $(DIST) && mkdir -p $(DIST)
	@set -e; for p in $(PLATFORMS); do \
	  os=$${p%/*}; arch=$${p#*/}; ext=""; [ $$os = windows ] && ext=.exe; \
	  out=$(DIST)/sweepdbg-$$os-$$arch$$ext; echo "build $$out"; \
	  GOOS=$$os GOARCH=$$arch CGO_ENABLED=0 $(GO) build -trimpath -pgo=$(PGO) \
	    -ldflags "$(LDFLAGS)" -o $$out ./cmd/debugger; \
	done
	cd $(DIST) && sha256sum sweepdbg-* > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -pgo=$(PGO) $(PKGS)

# The profile the debugger is built with (Go's profile-guided
# optimisation: the compiler inlines the hot calls of the mesh sweep),
# remade from the sweep benchmarks after the core changes: see
# docs/performance.md. go build and go run of ./cmd/debugger use it on
# their own; make bench passes it to go test.
pgo: deps
	$(GO) test -run '^$$' -bench 'SweepLevelLoop|SlideLevel$$|SweepTerrain$$' -benchtime 2s \
		-cpuprofile $(PGO) -o /dev/null ./sweep

# Same-run speed and correctness comparison against Jolt Physics (its
# WebAssembly build, from npm; needs node and npm). Not part of test or CI:
# see tools/joltbench/README.md. JOLT_LEVELS: extra cast files.
jolt-bench: deps
	bash tools/joltbench/run.sh $(JOLT_LEVELS)

# A bounded run of every fuzz target (go test allows one -fuzz target per run).
fuzz: deps
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$f"; \
	    bash .ci/fuzz-one $(GO) $$pkg $$f $(FUZZTIME); \
	  done; \
	done

# Every fuzz target for FUZZCI_TIME each (10 s: about two and a half
# minutes in all), starting from its committed corpus (testdata/fuzz) and
# seeds; a crasher fails the run and is written to testdata/fuzz to commit
# with the fix.
fuzz-ci:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZCI_TIME)

deps:
	@$(GO) mod download

# Installs the system packages when they are missing and we are root;
# otherwise names them and fails.
sysdeps:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi

clean:
	rm -rf bin
