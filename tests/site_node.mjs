// Runs a Python script inside Pyodide under Node (no browser), with the site's own runtime and
// wheels (a built site's pyodide/ and wheels/), and copies the folder it wrote to the host.
// Usage: node site_node.mjs SITE SCRIPT.py HOST_OUT
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, script, hostOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + "/" });
const manifest = JSON.parse(fs.readFileSync(path.join(site, "site.json"), "utf8"));
const into = py.runPython("import site; site.getsitepackages()[0]");
for (const w of manifest.wheels) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "wheels", w))), "wheel", { extractDir: into });
}
py.runPython("import importlib; importlib.invalidate_caches()");
py.globals.set("OUT", "/out");
py.runPython(fs.readFileSync(script, "utf8").replace('if __name__ == "__main__":', "if False:") + "\nrun(OUT)\n");
const copy = (src, dst) => {
  fs.mkdirSync(dst, { recursive: true });
  for (const name of py.FS.readdir(src)) {
    if (name === "." || name === "..") continue;
    const p = `${src}/${name}`;
    if (py.FS.isDir(py.FS.stat(p).mode)) copy(p, path.join(dst, name));
    else fs.writeFileSync(path.join(dst, name), py.FS.readFile(p));
  }
};
copy("/out", hostOut);
console.log("written", hostOut);
