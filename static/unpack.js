// The large files fetched compressed and decoded here (issue 25), for the page
// (static/pyodide-start.js), the solver's worker and the service worker.
//
// Most free static hosts send files as they are: the interpreter copy would cross the
// network as 31.5 MB and Pyodide's wasm as 9.6 MB. The set-up writes compressed copies
// beside them (x.br, x.gz; scripts/packed.py), listed with their sizes by
// static/vendor/packed.js (self.__packed, loaded before this file). fetchUnpacked asks
// for the copy by its own name, which every host sends as it is, and decodes it:
// Brotli where the engine's DecompressionStream decodes it (Firefox), else Zstandard
// with the pinned fzstd (static/vendor/fzstd.js, 8 KB of JavaScript, loaded before
// this file; Chromium and WebKit: 18 % fewer bytes than gzip for the wasm, 26 % for
// the interpreter copy), else gzip (every engine's DecompressionStream).
// The caller gets a Response of the decoded file (the file's own Content-Type, so
// WebAssembly.instantiateStreaming takes it). A host that itself marks the copy as
// encoded (Content-Encoding: br for x.br) has the browser decode it: it is not
// decoded twice. No copy listed, no decoder, or the copy not fetched (HTTP error,
// network error): the file itself is fetched, as before.
//
// A classic script with no import or export: importScripts() in the service worker,
// `import "./unpack.js"` in modules. Sets self.__unpack = {fetchUnpacked, packed,
// encoding, dataSegments, moduleFunction, unpackStored}.
(() => {
  "use strict";
  // packed.js key -> DecompressionStream format, in the order of preference
  const FORMATS = { br: "brotli", zst: "zstd", gz: "gzip" };
  const CODINGS = { br: "br", zst: "zstd", gz: "gzip" }; // packed.js key -> Content-Encoding
  const TYPES = { wasm: "application/wasm", json: "application/json", js: "text/javascript",
    mjs: "text/javascript" };

  const native = (key) => {
    try {
      new DecompressionStream(FORMATS[key]);
      return true;
    } catch (_) {
      return false;
    }
  };
  // Zstandard through fzstd's streaming decoder where the engine has none: each block
  // it decodes is a new array, handed on as it comes.
  const fzstdStream = () => {
    let decoder;
    return new TransformStream({
      start(controller) {
        decoder = new self.fzstd.Decompress((chunk) => {
          if (chunk.length) controller.enqueue(chunk);
        });
      },
      transform(chunk) {
        decoder.push(chunk);
      },
      flush() {
        decoder.push(new Uint8Array(0), true);
      },
    });
  };
  // key -> () => a TransformStream of the copy's bytes into the file's, for each key
  // this engine can decode.
  const decoders = {};
  for (const key of Object.keys(FORMATS)) {
    if (native(key)) decoders[key] = () => new DecompressionStream(FORMATS[key]);
    else if (key === "zst" && self.fzstd && self.fzstd.Decompress) decoders[key] = fzstdStream;
  }
  const usable = Object.keys(FORMATS).filter((key) => decoders[key]);

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

  // A file sent as its difference from another (packed.js "xor": the interpreter copy,
  // XORed with the wasm's data segments; scripts/packed.py, XOR): dataSegments reads
  // the [memory offset, bytes] of each active data segment of a wasm module as
  // scripts/packed.py's data_segments does (and, like it, throws on a segment whose
  // offset is not an i32.const), xorSegments XORs them into the copy after its header
  // (u32 length at byte 4), in place.
  function dataSegments(wasm) {
    let i = 8;
    const leb = (signed = false) => {
      let value = 0;
      let shift = 0;
      let byte;
      do {
        byte = wasm[i++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte >= 0x80);
      return signed && byte & 0x40 ? value - 2 ** shift : value;
    };
    const out = [];
    while (i < wasm.length) {
      const section = wasm[i++];
      const size = leb();
      const end = i + size;
      if (section === 11) {
        for (let count = leb(); count > 0; count--) {
          const flags = leb();
          if (flags === 1) {
            i += leb();
            continue;
          }
          if (flags === 2) leb();
          else if (flags !== 0) throw new Error(`data segment flags ${flags}`);
          if (wasm[i++] !== 0x41) throw new Error("data segment offset is not an i32.const");
          const offset = leb(true);
          if (wasm[i++] !== 0x0b) throw new Error("data segment offset is not an i32.const");
          const length = leb();
          out.push([offset, wasm.subarray(i, i + length)]);
          i += length;
        }
      }
      i = end;
    }
    return out;
  }

  function xorSegments(copy, wasm) {
    const header = new DataView(copy.buffer, copy.byteOffset, copy.byteLength).getUint32(4, true);
    for (const [offset, seg] of dataSegments(wasm)) {
      const at = header + offset;
      const n = Math.min(seg.length, copy.length - at);
      for (let k = 0; k < n; k++) copy[at + k] ^= seg[k];
    }
    return copy;
  }

  // Pyodide's module pyodide.asm.mjs from its decoded text: a page cannot import a
  // module made of fetched bytes (the CSP allows no blob: script), but it may run text
  // ('unsafe-eval', which Pyodide needs anyway). The module is one async function,
  // exported last (`export default _createPyodideModule;`), with no static import (its
  // import() calls are Node's) and `import.meta.url` for its own URL: that becomes
  // `url`, the export a `return`, and the text a function's body (strict, as a module
  // is). moduleFunction(text, url) -> that default export; throws on any other shape.
  function moduleFunction(text, url) {
    const tail = /\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*$/.exec(text);
    const body = tail && text.slice(0, tail.index);
    if (!body || /(^|[;}\n])\s*(import|export)\s+[\w{*]/.test(body)) {
      throw new Error("not the expected module");
    }
    const made = new Function(`"use strict";${body.replaceAll("import.meta.url", JSON.stringify(url))}\nreturn ${tail[1]};`)();
    if (typeof made !== "function") throw new Error("not the expected module");
    return made;
  }

  // fetchUnpacked(root, path, {init, fetch, onBytes, base}) -> Promise<Response>: the file
  // `path` of the site whose root URL is `root`, from its compressed copy when one is
  // listed and decodable here. `init` is passed to fetch (the same for the copy and the
  // file), `fetch` replaces self.fetch, onBytes(n) is told the decoded bytes so far (of
  // a copy; a file fetched because its copy failed is returned as fetched). The
  // Response of a decoded copy has status 200, no URL and `X-Unpacked: <key>`. For a
  // file sent as its difference from another, `base(path)` gives that other file's
  // bytes (a promise of a Uint8Array; by default it is fetched the same way), and a
  // copy that cannot be decoded or XORed means the file itself.
  //
  // A file is asked for under one name only, the copy's, whatever the host: no request
  // probes the file's own URL first (a HEAD asking whether the host sends it as Brotli
  // did, issue 25.1): the page, the solver's worker and the service worker each take
  // the same copy, so a first visit never has one file in two forms, nor the host's
  // answer decide differently for each of them (the tests' server gains .br copies
  // while it serves, when a build writes them beside the repo's files).
  async function fetchUnpacked(root, path, options = {}) {
    const get = options.fetch || self.fetch.bind(self);
    const url = new URL(path, root).href;
    const key = encoding(path);
    const info = key && self.__packed[path];
    if (key) {
      let res = null;
      try {
        res = await get(`${url}${info.xor ? ".xor" : ""}.${key}`, options.init);
      } catch (_) {
        res = null; // offline or refused: the file itself, below
      }
      if (res && res.ok && res.body) {
        let body = res.body;
        const sent = (res.headers.get("Content-Encoding") || "").trim().toLowerCase();
        if (sent !== CODINGS[key]) body = body.pipeThrough(decoders[key]());
        if (options.onBytes) body = counted(body, options.onBytes);
        const ext = path.slice(path.lastIndexOf(".") + 1);
        const headers = { "Content-Type": TYPES[ext] || "application/octet-stream", "X-Unpacked": key };
        if (!info.xor) return new Response(body, { headers });
        try {
          const copy = new Uint8Array(await new Response(body).arrayBuffer());
          const base = options.base ? await options.base(info.xor)
            : new Uint8Array(await (await fetchUnpacked(root, info.xor, { init: options.init, fetch: get })).arrayBuffer());
          return new Response(xorSegments(copy, base), { headers });
        } catch (_) {
          // not decoded, or no wasm to XOR with: the file itself, below
        }
      }
    }
    return get(url, options.init);
  }

  // The game's archive (static/vendor/game.zip, scripts/bundle_game.py) into Pyodide's
  // file system without Python: its members are stored (not compressed), so each is a
  // slice of the archive, written with FS.writeFile under `dir` (relative to FS.cwd(),
  // or absolute; default the current folder), its folders made with FS.mkdirTree, as
  // shutil.unpack_archive would. Zip layout: the end record (22 bytes, no comment), the
  // central directory it points to, each member's local header (PKWARE APPNOTE 6.3,
  // sections 4.3.7, 4.3.12, 4.3.16). unpackStored(FS, buffer, dir) -> true once every
  // member is written; false, with nothing written, for an archive with anything else:
  // a comment, a compressed or encrypted member, Zip64, a name that is absolute or
  // holds "..", or a record out of bounds (the caller then uses Pyodide's unpackArchive).
  function unpackStored(FS, buffer, dir = ".") {
    const bytes = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      : new Uint8Array(buffer);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = bytes.length - 22;
    if (end < 0 || view.getUint32(end, true) !== 0x06054b50) return false;
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const utf8 = new TextDecoder("utf-8", { fatal: true });
    const members = [];
    try {
      for (let k = 0; k < count; k++) {
        if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return false;
        const flags = view.getUint16(at + 8, true);
        const method = view.getUint16(at + 10, true);
        const size = view.getUint32(at + 20, true);
        const local = view.getUint32(at + 42, true);
        const nameLength = view.getUint16(at + 28, true);
        if (at + 46 + nameLength > end) return false;
        const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
        if (flags & 1 || method !== 0 || size !== view.getUint32(at + 24, true) || size === 0xffffffff
            || local + 30 > end || view.getUint32(local, true) !== 0x04034b50) return false;
        const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
        if (!name || data + size > end || name.startsWith("/") || name.split("/").includes("..")) return false;
        members.push([name, data, size]);
        at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      }
    } catch (_) {
      return false; // a name that is not UTF-8
    }
    const cwd = FS.cwd();
    const base = (dir.startsWith("/") ? dir : `${cwd === "/" ? "" : cwd}/${dir}`).split("/")
      .filter((part) => part && part !== ".");
    for (const [name, data, size] of members) {
      const parts = [...base, ...name.split("/").filter((part) => part && part !== ".")];
      if (name.endsWith("/")) {
        FS.mkdirTree(`/${parts.join("/")}`);
        continue;
      }
      FS.mkdirTree(`/${parts.slice(0, -1).join("/")}`);
      FS.writeFile(`/${parts.join("/")}`, bytes.subarray(data, data + size));
    }
    return true;
  }

  self.__unpack = { fetchUnpacked, encoding, dataSegments, moduleFunction, unpackStored,
                    packed: () => self.__packed || {} };
})();
