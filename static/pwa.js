// Service worker registration and the update flow (see README, "Offline and updates").
//
// - Registers ./sw.js (scope ./, so it works under any sub-path) once the game is ready
//   (html[data-ready="1"]) or has failed to start, so the first visit's precache
//   download does not compete with the runtime's own download, and once the files the
//   page decoded are in the cache its precache takes them from (window.__handoff).
// - An update is a new sw.js/precache.js; the new worker installs in the background and
//   WAITS (sw.js never calls skipWaiting by itself). When one is waiting, this script
//   sets window.__updateWaiting = true and dispatches "sw-update" on window; the Python
//   app then shows the localised notice whose button calls window.__applyUpdate():
//   the waiting worker is told to skip waiting and the page reloads once when it takes
//   control. The game is saved after every action, so the reload loses nothing.
// - If the player ignores the notice, the update is applied at the next load of the
//   page by the old worker itself (sw.js, handOver): the page then starts whole from the
//   new version, with no reload of a running game.
// - Checks for a new version again when the page comes back to the foreground (at most
//   once an hour), for installed apps that stay open for days.
// - Points <link rel="manifest"> at manifest.<lang>.webmanifest when the page's
//   language (<html lang>, set by the app) is not English, so an install made now gets
//   the name in that language.
// - ?nosw in the page URL: no service worker (and any registered one for this scope is
//   removed with its caches): for development, to see edited files at once.
(() => {
  "use strict";
  const root = document.documentElement;
  const sw = navigator.serviceWorker;

  // --- manifest in the page's language -------------------------------------------
  const manifestLink = document.querySelector('link[rel="manifest"]');
  const manifestLangs = new Set(
    Array.from(document.querySelectorAll('select[name="language"] option'), (o) => o.value)
      .filter((v) => v && v !== "auto"),
  );
  function syncManifest() {
    if (!manifestLink) return;
    const lang = (root.lang || "en").toLowerCase().split("-")[0];
    const file = lang !== "en" && manifestLangs.has(lang)
      ? `./manifest.${lang}.webmanifest` : "./manifest.webmanifest";
    if (manifestLink.getAttribute("href") !== file) manifestLink.setAttribute("href", file);
  }
  new MutationObserver(syncManifest).observe(root, { attributes: true, attributeFilter: ["lang"] });
  syncManifest();

  if (!sw || !window.isSecureContext) return;

  // --- ?nosw: development escape hatch --------------------------------------------
  if (new URLSearchParams(location.search).has("nosw")) {
    sw.getRegistration("./").then((reg) => reg && reg.unregister()).catch(() => {});
    if (window.caches) {
      caches.keys().then((names) => names
        .filter((n) => n.startsWith("solitaire:"))
        .forEach((n) => caches.delete(n))).catch(() => {});
    }
    return;
  }

  let registration = null;
  let reloading = false;

  function announce() {
    if (window.__updateWaiting) return;
    window.__updateWaiting = true;
    window.dispatchEvent(new Event("sw-update"));
  }

  // A worker is "waiting" only when another one controls the page (on the very first
  // install there is nothing to replace: it activates at once).
  function watch(reg) {
    if (reg.waiting && sw.controller) announce();
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && sw.controller) announce();
      });
    });
  }

  function activateWaiting(reg) {
    const waiting = reg && reg.waiting;
    if (!waiting) return false;
    reloading = true;
    waiting.postMessage({ type: "skip-waiting" });
    return true;
  }

  // Reload once when the new worker takes control, but only when this page asked for
  // it (the first install also fires controllerchange; so does another tab's update).
  sw.addEventListener("controllerchange", () => {
    if (!reloading) return;
    reloading = false;
    location.reload();
  });

  window.__applyUpdate = () => {
    if (!activateWaiting(registration)) location.reload();
  };

  // --- register when the game is ready (or has failed) ---------------------------
  // The files the page decoded itself are left for the worker's precache first
  // (window.__handoff, static/pyodide-start.js), at most HANDOFF_MS.
  const HANDOFF_MS = 20000;
  let registered = false;
  function register() {
    if (registered) return;
    registered = true;
    const handoff = Promise.race([Promise.resolve(window.__handoff),
      new Promise((resolve) => setTimeout(resolve, HANDOFF_MS))]);
    handoff.catch(() => {}).then(() => sw.register("./sw.js", { scope: "./", updateViaCache: "none" }).then((reg) => {
      registration = reg;
      window.__swRegistration = reg;
      watch(reg);
      retryIfInstallFails(reg);
    })).catch((err) => {
      console.warn("service worker not registered:", err && err.message);
      // Offline as the game became ready (sw.js could not be fetched): tried again as
      // soon as the browser is back online, so the next start still works offline.
      retryOnline();
    });
  }
  function retryOnline() {
    registered = false;
    window.addEventListener("online", register, { once: true });
  }
  // A first install that fails (the browser went offline while the worker fetched its
  // files) leaves the page with no worker at all: registered again, and so installed
  // again, once the browser is back online. (A tester's offline start failed so.)
  function retryIfInstallFails(reg) {
    const worker = reg.installing;
    if (!worker || reg.active) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "redundant" && !reg.active && !reg.waiting && !reg.installing) retryOnline();
    });
  }
  const settled = () => root.dataset.ready === "1" || root.dataset.boot === "failed";
  if (settled()) {
    register();
  } else {
    const obs = new MutationObserver(() => {
      if (settled()) {
        obs.disconnect();
        register();
      }
    });
    obs.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-boot"] });
    // Never wait for ever (a page that neither starts nor fails still gets offline files).
    setTimeout(register, 60000);
  }

  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !registration) return;
    if (Date.now() - lastCheck < 3600 * 1000) return;
    lastCheck = Date.now();
    registration.update().catch(() => {});
  });
})();
