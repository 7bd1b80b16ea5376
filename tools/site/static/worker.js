// The site's Web Worker: Pyodide from this site's own folder, the wheels unpacked straight
// into site-packages (no micropip, no network), the studio's own app answering the page's
// requests (riskrules.tools.site.page). The folder the studio works on is an IndexedDB-backed
// folder, written back after every request that may change it, so drafts outlive the tab.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const FOLDER = "/home/pyodide/rules";
// "app": the studio's app; "study": a study's games, in a worker of their own (Cancel ends it).
const ROLE = new URL(self.location.href).searchParams.get("role") || "app";
let ready = null;
let page = null;
let py = null;

function progress(step) {
  // `at`: when, as milliseconds since the epoch (the page reads it against its navigation)
  self.postMessage({ kind: "progress", step, at: performance.timeOrigin + performance.now() });
}

async function start() {
  const base = new URL("./", self.location.href).href;
  progress("python");
  // Python starts at once; the manifest and the wheels are fetched while it does.
  const starting = loadPyodide({ indexURL: base + "pyodide/", env: { HOME: "/home/pyodide" } });
  const manifest = fetch(base + "site.json").then((r) => r.json());
  const fetching = manifest.then((m) => Promise.all([
    ...m.wheels.map(async (w) => new Uint8Array(await (await fetch(base + "wheels/" + w)).arrayBuffer())),
    keptCompiled(base, m.version),
  ]));
  py = await starting;
  progress("wheels");
  const into = py.runPython("import site; site.getsitepackages()[0]");
  const archives = await fetching;
  const compiled = archives.pop();
  for (const data of archives) py.unpackArchive(data, "wheel", { extractDir: into });
  if (compiled) py.unpackArchive(compiled.data, "zip", { extractDir: into });
  // Python writes the bytecode of what it imports; the app's worker keeps it for next time.
  py.runPython("import importlib, sys; sys.dont_write_bytecode = False; importlib.invalidate_caches()");
  // and Jinja keeps the templates it compiles there too (tools/shared/templates.py)
  py.runPython(`import os; os.environ["RISKRULES_TEMPLATE_CACHE"] = ${JSON.stringify(into + "/riskrules-templates")}`);
  keeping = { base, into, version: (await manifest).version, known: compiled ? compiled.count : 0 };
  let synced = Promise.resolve();
  if (ROLE === "app") {
    py.FS.mkdirTree(FOLDER);
    py.FS.mount(py.FS.filesystems.IDBFS, {}, FOLDER);
    synced = sync(true); // the drafts read from IndexedDB while the studio is imported
  }
  progress("studio");
  page = py.pyimport("riskrules.tools.site.page");
  await synced;
  progress("ready");
}

// The bytecode of the site's packages, kept in a cache named by the site's version (a new
// build has new sources, and its own cache): a repeat visit imports the studio without
// compiling it (page.compiled says how it is made).
const COMPILED = "compiled-python.zip"; // the cache's key, not a file of the site
let keeping = null;
let keepTimer = null;

async function keptCompiled(base, version) {
  try {
    const hit = await (await caches.open("riskrules-compiled-" + version)).match(base + COMPILED);
    if (!hit) return null;
    return { data: new Uint8Array(await hit.arrayBuffer()), count: Number(hit.headers.get("x-count")) };
  } catch (e) {
    return null; // no cache here (a private window, storage full): the sources are compiled
  }
}

function keepCompiledSoon() {
  if (ROLE !== "app" || !self.caches || keeping === null) return;
  clearTimeout(keepTimer);
  keepTimer = setTimeout(async () => { // when the page has been quiet a moment (300 ms)
    try {
      const found = page.compiled(keeping.into, keeping.known);
      if (!found) return;
      const [count, data] = found.toJs();
      found.destroy();
      const cache = await caches.open("riskrules-compiled-" + keeping.version);
      await cache.put(keeping.base + COMPILED, new Response(data, { headers: { "x-count": String(count) } }));
      keeping.known = count;
    } catch (e) {
      // not kept: the next visit compiles the sources, as the first did
    }
  }, 300);
}

function sync(populate) {
  return new Promise((resolve) => py.FS.syncfs(populate, (err) => resolve(err)));
}

function studyNews() {
  // A study the studio planned, for the page to start; or the word to stop the one it plays.
  const job = page.study_job();
  const news = {};
  if (job !== undefined && job !== null) {
    news.study = job.toJs();
    job.destroy();
  }
  if (page.study_stop()) news.stopStudy = true;
  return news;
}

async function answer(msg) {
  if (msg.kind === "request") {
    const headers = py.toPy(msg.headers);
    const result = await page.handle(FOLDER, msg.method, msg.url, headers, py.toPy(msg.body));
    const [status, outHeaders, body] = result.toJs();
    result.destroy();
    headers.destroy();
    if (msg.method !== "GET") await sync(false);
    return { status, headers: outHeaders, body: body, ...studyNews() };
  }
  if (msg.kind === "study-progress") {
    page.study_progress(msg.done, msg.total);
    return studyNews();
  }
  if (msg.kind === "study-look") {
    page.study_look(py.toPy(msg.data));
    return studyNews();
  }
  if (msg.kind === "study-end") {
    page.study_end(py.toPy(msg.data));
    return {};
  }
  if (msg.kind === "study-failed") {
    page.study_failed(msg.message);
    return {};
  }
  if (msg.kind === "play") {
    const report = (done, total) => self.postMessage({ kind: "study-progress", done, total });
    const look = (found) => {
      const bytes = found.toJs ? found.toJs() : found; // a Python bytes: a proxy
      if (found.destroy) found.destroy();
      self.postMessage({ kind: "study-look", data: bytes });
    };
    const data = page.play(py.toPy(msg.plan), report, look);
    const bytes = data.toJs();
    data.destroy();
    return { data: bytes };
  }
  if (msg.kind === "keep") {
    const name = page.keep(FOLDER, msg.name, msg.text);
    await sync(false);
    return { name };
  }
  if (msg.kind === "python") {
    return { value: await py.runPythonAsync(msg.code) };
  }
  throw new Error("unknown request " + msg.kind);
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (ready === null) ready = start();
    await ready;
    const out = await answer(msg);
    self.postMessage({ kind: "answer", id: msg.id, ...out });
    keepCompiledSoon();
  } catch (e) {
    self.postMessage({ kind: "answer", id: msg.id, error: String((e && e.message) || e) });
  }
};
ready = start().catch((e) => {
  self.postMessage({ kind: "failed", error: String((e && e.message) || e) });
  throw e;
});
