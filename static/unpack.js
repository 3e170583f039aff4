// The large files fetched compressed and decoded here (issue 25), for the page
// (static/pyodide-start.js), the solver's worker and the service worker.
//
// Most free static hosts send files as they are: the interpreter copy would cross the
// network as 31.5 MB and Pyodide's wasm as 9.6 MB. The set-up writes compressed copies
// beside them (x.br, x.gz; scripts/packed.py), listed with their sizes by
// static/vendor/packed.js (self.__packed, loaded before this file). fetchUnpacked asks
// for the copy by its own name, which every host sends as it is, and decodes it with
// DecompressionStream: Brotli where the engine decodes it, else gzip (every engine).
// The caller gets a Response of the decoded file (the file's own Content-Type, so
// WebAssembly.instantiateStreaming takes it). A host that itself marks the copy as
// encoded (Content-Encoding: br for x.br) has the browser decode it: it is not
// decoded twice. No copy listed, no decoder, or the copy not fetched (HTTP error,
// network error): the file itself is fetched, as before.
//
// A classic script with no import or export: importScripts() in the service worker,
// `import "./unpack.js"` in modules. Sets self.__unpack = {fetchUnpacked, packed,
// encoding}.
(() => {
  "use strict";
  const FORMATS = { br: "brotli", gz: "gzip" }; // packed.js key -> DecompressionStream format
  const CODINGS = { br: "br", gz: "gzip" }; // packed.js key -> Content-Encoding
  const TYPES = { wasm: "application/wasm", json: "application/json", js: "text/javascript" };

  const decodes = (key) => {
    try {
      new DecompressionStream(FORMATS[key]);
      return true;
    } catch (_) {
      return false;
    }
  };
  const usable = Object.keys(FORMATS).filter(decodes);

  // The copy this engine would fetch for `path` (relative to the site's root): its key
  // in packed.js, or null.
  function encoding(path) {
    const info = (self.__packed || {})[path];
    return (info && usable.find((key) => info[key])) || null;
  }

  // Counts the decoded bytes as they pass: onBytes(total so far).
  function counted(body, onBytes) {
    let total = 0;
    return body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        total += chunk.byteLength;
        onBytes(total);
        controller.enqueue(chunk);
      },
    }));
  }

  // fetchUnpacked(root, path, {init, fetch, onBytes}) -> Promise<Response>: the file
  // `path` of the site whose root URL is `root`, from its compressed copy when one is
  // listed and decodable here. `init` is passed to fetch (the same for the copy and the
  // file), `fetch` replaces self.fetch, onBytes(n) is told the decoded bytes so far (of
  // a copy; the file itself is returned as fetched). The Response of a decoded copy has
  // status 200, no URL and `X-Unpacked: <key>`.
  async function fetchUnpacked(root, path, options = {}) {
    const get = options.fetch || self.fetch.bind(self);
    const url = new URL(path, root).href;
    const key = encoding(path);
    if (key) {
      let res = null;
      try {
        res = await get(`${url}.${key}`, options.init);
      } catch (_) {
        res = null; // offline or refused: the file itself, below
      }
      if (res && res.ok && res.body) {
        let body = res.body;
        const sent = (res.headers.get("Content-Encoding") || "").trim().toLowerCase();
        if (sent !== CODINGS[key]) body = body.pipeThrough(new DecompressionStream(FORMATS[key]));
        if (options.onBytes) body = counted(body, options.onBytes);
        const ext = path.slice(path.lastIndexOf(".") + 1);
        return new Response(body, { headers: {
          "Content-Type": TYPES[ext] || "application/octet-stream",
          "X-Unpacked": key,
        } });
      }
    }
    return get(url, options.init);
  }

  self.__unpack = { fetchUnpacked, encoding, packed: () => self.__packed || {} };
})();
