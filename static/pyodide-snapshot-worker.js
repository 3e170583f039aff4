// Module worker started by static/pyodide-start.js once the game is ready, when this
// browser has no saved copy of Pyodide's fresh interpreter: starts a throwaway Pyodide
// with `_makeSnapshot` (off the main thread, so the player's game is not held up),
// takes its memory snapshot and saves it in Cache Storage for the next start.
//
// Message in: {cache, key, prefix}: the cache name, the entry's URL and the prefix of
// the names of older copies' caches (deleted once this one is saved), from
// static/pyodide-start.js.
// Message out: {ok: true, bytes} once saved, or {ok: false, error} (the message of what
// failed: no Cache Storage, the quota, Pyodide's own errors). The page then ends the
// worker.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;

self.onmessage = async ({ data: { cache, key, prefix } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
    const bytes = pyodide.makeMemorySnapshot();
    const store = await caches.open(cache);
    await store.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    for (const name of await caches.keys()) {
      if (name.startsWith(prefix) && name !== cache) await caches.delete(name);
    }
    self.postMessage({ ok: true, bytes: bytes.byteLength });
  } catch (err) {
    self.postMessage({ ok: false, error: String((err && (err.message || err.name)) || err) });
  }
};
