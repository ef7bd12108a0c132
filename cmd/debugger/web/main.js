// Starts the debugger's WebAssembly build (debugger.wasm, made by
// `make web` with wasm_exec.js from the Go installation). The Go program
// reads the page's #fixture= link itself. Errors are shown as text.
"use strict";
(async () => {
  const status = document.getElementById("status");
  try {
    const go = new Go();
    const response = fetch("debugger.wasm");
    let result;
    try {
      result = await WebAssembly.instantiateStreaming(response, go.importObject);
    } catch (e) {
      // A server that does not send application/wasm: compile from bytes.
      const bytes = await (await fetch("debugger.wasm")).arrayBuffer();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
    status.remove();
    await go.run(result.instance);
  } catch (e) {
    status.textContent = "The debugger could not start: " + e;
  }
})();
