// The site's Web Worker: Pyodide from this site's own folder, the wheels unpacked straight
// into site-packages (no micropip, no network), the studio's own app answering the page's
// requests (riskrules.tools.site.page). The folder the studio works on is an IndexedDB-backed
// folder, written back after every request that may change it, so drafts outlive the tab.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const FOLDER = "/home/pyodide/rules";
let ready = null;
let page = null;
let py = null;

function progress(step) {
  self.postMessage({ kind: "progress", step });
}

async function start() {
  const base = new URL("./", self.location.href).href;
  const manifest = await (await fetch(base + "site.json")).json();
  progress("python");
  py = await loadPyodide({ indexURL: base + "pyodide/", env: { HOME: "/home/pyodide" } });
  progress("wheels");
  const into = py.runPython("import site; site.getsitepackages()[0]");
  const wheels = await Promise.all(
    manifest.wheels.map(async (w) => new Uint8Array(await (await fetch(base + "wheels/" + w)).arrayBuffer())),
  );
  for (const data of wheels) py.unpackArchive(data, "wheel", { extractDir: into });
  py.runPython("import importlib; importlib.invalidate_caches()");
  py.FS.mkdirTree(FOLDER);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, FOLDER);
  await sync(true);
  progress("studio");
  page = py.pyimport("riskrules.tools.site.page");
  self.postMessage({ kind: "ready" });
}

function sync(populate) {
  return new Promise((resolve) => py.FS.syncfs(populate, (err) => resolve(err)));
}

async function answer(msg) {
  if (msg.kind === "request") {
    const headers = py.toPy(msg.headers);
    const result = await page.handle(FOLDER, msg.method, msg.url, headers, py.toPy(msg.body));
    const [status, outHeaders, body] = result.toJs();
    result.destroy();
    headers.destroy();
    if (msg.method !== "GET") await sync(false);
    return { status, headers: outHeaders, body: body };
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
  } catch (e) {
    self.postMessage({ kind: "answer", id: msg.id, error: String((e && e.message) || e) });
  }
};
ready = start().catch((e) => {
  self.postMessage({ kind: "failed", error: String((e && e.message) || e) });
  throw e;
});
