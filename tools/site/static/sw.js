// The site's service worker: on install it caches every file the site lists in site.json
// (the pages, Pyodide's runtime, the wheels), then answers from that cache first, so the
// site works with no network after the first visit. A new build has a new version: its
// files replace the old cache when it activates.
const MANIFEST = new URL("./site.json", self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch(MANIFEST, { cache: "no-store" })).json();
    const cache = await caches.open("riskrules-site-" + manifest.version);
    await cache.addAll(manifest.files.map((f) => new URL(f, MANIFEST).href));
    await cache.put(MANIFEST, new Response(JSON.stringify(manifest), { headers: { "content-type": "application/json" } }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await caches.match(MANIFEST)).json();
    for (const name of await caches.keys()) {
      // the site's files, and the bytecode the studio's worker keeps (worker.js), of old builds
      const ours = name.startsWith("riskrules-site-") || name.startsWith("riskrules-compiled-");
      if (ours && !name.endsWith("-" + manifest.version)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(event.request);
    } catch (e) {
      const page = new URL(event.request.url);
      if (event.request.mode === "navigate" && page.pathname.endsWith("/")) {
        const start = await caches.match(new URL("./index.html", self.location.href).href);
        if (start) return start;
      }
      throw e;
    }
  })());
});
