// The site's bridge: the page's requests (navigation, htmx's requests, form posts, frames) go
// to the studio's own app, which runs in a Web Worker (worker.js); its answers are rendered
// here. Nothing here knows a studio route: any path the app's pages name is passed on.
// It also does what only a page can: open a file from the disk (picker, drag and drop),
// download the text, and share the house rule as a link that carries it (compressed into the
// URL's fragment; a link is data: parsed, size-limited, and shown only through the app).
"use strict";

const ALL_WORDS = JSON.parse(document.getElementById("site-words").textContent);
const LANG = (navigator.languages || ["en"]).map((c) => String(c).slice(0, 2).toLowerCase())
  .find((c) => c in ALL_WORDS) || "en";
const WORDS = ALL_WORDS[LANG];
document.documentElement.lang = LANG;
const LIMITS = JSON.parse(document.getElementById("site-limits").textContent);
const worker = { postMessage: (...args) => started.then((w) => w.postMessage(...args)) };
const waiting = new Map();
let nextId = 1;
let current = "/";
const status = (text) => {
  const el = document.getElementById("site-status");
  if (el) el.textContent = text;
};
// timings: each step of the start, in ms since this page's navigation (the benchmark's)
window.__site = { ready: false, navigations: 0, lastPath: null, errors: [], timings: {} };

function onAnswer(event) {
  const msg = event.data;
  if (msg.kind === "progress") {
    window.__site.timings[msg.step] = Math.round(msg.at - performance.timeOrigin);
    status(WORDS["loading_" + msg.step] || WORDS.loading);
  }
  else if (msg.kind === "failed") {
    status(WORDS.failed + " " + msg.error);
    window.__site.errors.push(msg.error);
  } else if (msg.kind === "answer") {
    studyNews(msg);
    const done = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) done.reject(new Error(msg.error));
    else done.resolve(msg);
  }
}

function ask(kind, payload, transfer) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ kind, id, ...payload }, transfer || []);
  });
}

// --- a study: played in a Web Worker of its own, its progress told to the app -----------
let studyWorker = null;

function studyNews(msg) {
  if (msg.stopStudy && studyWorker) {
    studyWorker.terminate();
    studyWorker = null;
  }
  if (msg.study) startStudy(msg.study);
}

function startStudy(plan) {
  if (studyWorker) studyWorker.terminate();
  const mine = new Worker(new URL("./worker.js?role=study", import.meta.url), { type: "module" });
  studyWorker = mine;
  mine.onmessage = (event) => {
    const m = event.data;
    if (studyWorker !== mine) return;
    if (m.kind === "study-progress") ask("study-progress", { done: m.done, total: m.total });
    else if (m.kind === "study-look") ask("study-look", { data: m.data });
    else if (m.kind === "answer") {
      const data = m.error ? null : m.data;
      studyWorker = null;
      mine.terminate();
      if (data) ask("study-end", { data });
      else ask("study-failed", { message: String(m.error) });
    } else if (m.kind === "failed") {
      studyWorker = null;
      mine.terminate();
      ask("study-failed", { message: String(m.error) });
    }
  };
  mine.postMessage({ kind: "play", id: 0, plan });
}

// --- requests to the app -------------------------------------------------------------
const jar = JSON.parse(localStorage.getItem("riskrules.cookies") || "{}");

function appPath(href) {
  if (typeof href !== "string") return null;
  return href.startsWith("/") && !href.startsWith("//") ? href : null;
}

async function request(method, url, body, contentType, extra) {
  const headers = [["accept-language", navigator.languages.join(",")]];
  const cookies = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join("; ");
  if (cookies) headers.push(["cookie", cookies]);
  if (contentType) headers.push(["content-type", contentType]);
  for (const [k, v] of Object.entries(extra || {})) headers.push([k.toLowerCase(), String(v)]);
  const bytes = body ? new TextEncoder().encode(body) : new Uint8Array(0);
  if (bytes.length > LIMITS.body) throw new Error(WORDS.too_long);
  const msg = await ask("request", { method, url, headers, body: bytes });
  const got = new Map(msg.headers.map(([k, v]) => [k.toLowerCase(), v]));
  for (const [k, v] of msg.headers) {
    if (k.toLowerCase() !== "set-cookie") continue;
    const [pair] = v.split(";");
    const eq = pair.indexOf("=");
    jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    localStorage.setItem("riskrules.cookies", JSON.stringify(jar));
  }
  return { status: msg.status, headers: got, rawHeaders: msg.headers, body: msg.body,
           text: () => new TextDecoder().decode(msg.body) };
}

// --- pages -------------------------------------------------------------------------
const IFRAME_SRC = /(<iframe\b[^>]*?\s)src=("\/[^"]*"|'\/[^']*')/gi;
// The app's own assets (/static/…) are this site's copies, beside this script.
const STATIC = /(\s(?:href|src)=["'])\/static\//gi;
const SITE = new URL("./", import.meta.url).href;
const defang = (html) => html.replace(IFRAME_SRC, "$1data-app-src=$2").replace(STATIC, "$1" + SITE);

async function navigate(method, url, body, contentType, push = true) {
  status(WORDS.working);
  try {
    let answer = await request(method, url, body, contentType);
    for (let hops = 0; hops < 5 && answer.status >= 300 && answer.status < 400; hops++) {
      url = answer.headers.get("location");
      answer = await request("GET", url);
    }
    const type = answer.headers.get("content-type") || "";
    if (!type.startsWith("text/html")) return save(answer.body, url, type);
    render(answer.text(), url, push);
  } catch (e) {
    window.__site.errors.push(String(e));
    status(WORDS.failed + " " + e.message);
    return;
  }
  status("");
}

function render(html, url, push) {
  const doc = new DOMParser().parseFromString(defang(html), "text/html");
  document.title = doc.title;
  document.documentElement.lang = doc.documentElement.lang || "en";
  const body = document.adoptNode(doc.body);
  document.body.replaceWith(body);
  current = url;
  const fragment = "#" + url;
  if (push) history.pushState({ app: url }, "", fragment);
  else history.replaceState({ app: url }, "", fragment);
  addTools();
  if (window.htmx) window.htmx.process(document.body);
  frames(document.body);
  window.__site.navigations += 1;
  window.__site.lastPath = url;
  if (!window.__site.timings.first_page) window.__site.timings.first_page = Math.round(performance.now());
}

function frames(root) {
  for (const frame of root.querySelectorAll("iframe[data-app-src]")) {
    const src = frame.getAttribute("data-app-src");
    frame.removeAttribute("data-app-src");
    request("GET", src).then((answer) => { frame.srcdoc = defang(answer.text()); })
      .catch((e) => window.__site.errors.push(String(e)));
  }
}
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.nodeType === 1) frames(node.matches("iframe") ? node.parentNode || node : node);
  }
}).observe(document.documentElement, { childList: true, subtree: true });

function save(bytes, url, type) {
  const name = (url.split("?")[0].split("/").pop() || "download");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  status("");
}

document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link || event.defaultPrevented || event.button !== 0) return;
  const path = appPath(link.getAttribute("href"));
  if (path === null) return;
  event.preventDefault();
  navigate("GET", path);
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || form.hasAttribute("hx-post") || form.hasAttribute("hx-get")) return;
  const action = appPath(form.getAttribute("action") || current);
  if (action === null) return;
  event.preventDefault();
  const data = new URLSearchParams(new FormData(form, event.submitter));
  const method = (form.getAttribute("method") || "GET").toUpperCase();
  if (method === "GET") navigate("GET", action.split("?")[0] + "?" + data.toString());
  else navigate(method, action, data.toString(), "application/x-www-form-urlencoded");
});

window.addEventListener("popstate", (event) => {
  if (event.state && event.state.app) navigate("GET", event.state.app, null, null, false);
});

// --- htmx's requests: an XMLHttpRequest whose server is the app -----------------------
class AppRequest extends EventTarget {
  constructor() {
    super();
    this.upload = new EventTarget();
    this.readyState = 0;
    this.status = 0;
    this.response = "";
    this.responseText = "";
    this.responseURL = "";
    this._headers = {};
    this._got = [];
  }
  open(method, url) { this._method = method; this._url = url; this.readyState = 1; }
  setRequestHeader(k, v) { this._headers[k] = v; }
  overrideMimeType() {}
  getResponseHeader(k) {
    const hit = this._got.find(([n]) => n.toLowerCase() === k.toLowerCase());
    return hit ? hit[1] : null;
  }
  getAllResponseHeaders() { return this._got.map(([k, v]) => `${k}: ${v}\r\n`).join(""); }
  abort() { this._aborted = true; }
  _fire(name) {
    const event = new ProgressEvent(name);
    if (typeof this["on" + name] === "function") this["on" + name](event);
    this.dispatchEvent(event);
  }
  send(body) {
    const url = new URL(this._url, location.href);
    const path = url.origin === location.origin ? url.pathname + url.search : this._url;
    const encoded = body instanceof FormData ? new URLSearchParams(body).toString() : body;
    const type = this._headers["Content-Type"] || this._headers["content-type"];
    const extra = Object.fromEntries(Object.entries(this._headers).filter(([k]) => k.toLowerCase() !== "content-type"));
    this._fire("loadstart");
    request(this._method.toUpperCase(), path, encoded || null, type, extra).then((answer) => {
      if (this._aborted) return this._fire("abort");
      const redirect = answer.headers.get("hx-redirect");
      this._got = answer.rawHeaders.filter(([k]) => k.toLowerCase() !== "hx-redirect");
      this.status = answer.status;
      this.response = this.responseText = defang(answer.text());
      this.responseURL = location.origin + path;
      this.readyState = 4;
      this._fire("load");
      this._fire("loadend");
      if (redirect) navigate("GET", redirect);
      frames(document.body);
    }, (e) => {
      window.__site.errors.push(String(e));
      this.readyState = 4;
      this._fire("error");
      this._fire("loadend");
    });
  }
}
window.XMLHttpRequest = AppRequest;

// --- what only the page can do: files, downloads, share links ---------------------------
function button(text, id, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

function addTools() {
  const bar = document.querySelector("header.bar");
  if (!bar || bar.querySelector(".site-tools")) return;
  const tools = document.createElement("span");
  tools.className = "site-tools";
  const said = document.createElement("output");
  said.id = "site-status";
  said.setAttribute("aria-live", "polite");
  tools.append(said);
  const picker = document.createElement("input");
  picker.type = "file";
  picker.accept = ".rules,text/plain";
  picker.hidden = true;
  picker.addEventListener("change", () => picker.files[0] && openFile(picker.files[0]));
  tools.append(picker, button(WORDS.open_file, "site-open", () => picker.click()));
  const text = document.getElementById("text");
  if (text) {
    tools.append(button(WORDS.download, "site-download", downloadText));
    tools.append(button(WORDS.share, "site-share", shareLink));
    const out = document.createElement("input");
    out.id = "site-share-link";
    out.readOnly = true;
    out.hidden = true;
    out.setAttribute("aria-label", WORDS.share_link);
    tools.append(out);
  }
  bar.append(tools);
}

function fileName() {
  const field = document.querySelector("#doc input[name=file]");
  return field ? field.value : "house-rules.rules";
}

function downloadText() {
  const text = document.getElementById("text").value;
  save(new TextEncoder().encode(text), "/" + fileName(), "text/plain;charset=utf-8");
}

async function openFile(file) {
  if (file.size > LIMITS.file) return status(WORDS.too_long);
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch (e) {
    return status(WORDS.not_text);
  }
  const kept = await ask("keep", { name: file.name, text });
  navigate("GET", "/edit?file=" + encodeURIComponent(kept.name));
}

document.addEventListener("dragover", (event) => event.preventDefault());
document.addEventListener("drop", (event) => {
  const file = event.dataTransfer && event.dataTransfer.files[0];
  if (!file) return;
  event.preventDefault();
  openFile(file);
});

const toBase64Url = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

async function squeeze(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  const chunks = [];
  let size = 0;
  for await (const chunk of piped) {
    size += chunk.length;
    if (size > LIMITS.file) throw new Error(WORDS.too_long);
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

async function shareLink() {
  const text = document.getElementById("text").value;
  const packed = await squeeze(new TextEncoder().encode(text), new CompressionStream("deflate"));
  const link = new URL(location.href);
  link.hash = "rules=" + toBase64Url(packed);
  const out = document.getElementById("site-share-link");
  out.value = link.href;
  out.hidden = false;
  out.select();
  try { await navigator.clipboard.writeText(link.href); status(WORDS.share_copied); } catch (e) { /* shown */ }
}

async function openShared(encoded) {
  if (encoded.length > LIMITS.link || !/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error(WORDS.bad_link);
  const padded = encoded.replace(/-/g, "+").replace(/_/g, "/");
  const raw = Uint8Array.from(atob(padded + "===".slice((padded.length + 3) % 4)), (c) => c.charCodeAt(0));
  const bytes = await squeeze(raw, new DecompressionStream("deflate"));
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const kept = await ask("keep", { name: "shared.rules", text });
  navigate("GET", "/edit?file=" + encodeURIComponent(kept.name), null, null, false);
}

// --- start -------------------------------------------------------------------------
// The app's worker starts once the service worker answers this page, so that Pyodide's
// WebAssembly comes from the site's cache: the browser keeps the code it compiles beside that
// entry, and the next visit starts from it (fetched past the cache, as a first visit's worker
// did while the service worker installed, it was compiled again on the next visit: about 3 s
// of a repeat visit). On a first visit the runtime is then downloaded once, not twice. With
// no service worker (none in this browser, or it could not install) the worker starts at once.
function controlled() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return Promise.resolve();
  const sw = navigator.serviceWorker;
  const script = new URL("./sw.js", import.meta.url);
  if (sw.controller) {
    sw.register(script).catch((e) => window.__site.errors.push("service worker: " + e));
    window.__site.offlineReady = true;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    sw.addEventListener("controllerchange", () => { window.__site.offlineReady = true; resolve(); });
    sw.register(script).then((registration) => {
      const installing = registration.installing || registration.waiting;
      if (!installing) return resolve();
      installing.addEventListener("statechange", () => { if (installing.state === "redundant") resolve(); });
    }, (e) => { window.__site.errors.push("service worker: " + e); resolve(); });
  });
}
const started = controlled().then(() => {
  window.__site.timings.worker = Math.round(performance.now());
  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  w.onmessage = onAnswer;
  return w;
});

const hash = location.hash.slice(1);
ask("python", { code: "1" }).then(async () => {
  window.__site.ready = true;
  if (hash.startsWith("rules=")) {
    try { await openShared(hash.slice("rules=".length)); } catch (e) {
      window.__site.errors.push(String(e));
      await navigate("GET", "/", null, null, false);
      status(WORDS.bad_link);
    }
  } else {
    await navigate("GET", appPath(decodeURIComponent(hash)) || "/", null, null, false);
  }
}, (e) => status(WORDS.failed + " " + e.message));
