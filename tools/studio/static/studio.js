// The studio's one script of its own (htmx does the rest).
// - What was typed in the last moments before the tab is closed or hidden (htmx sends the
//   text 0.4 s after the last key) is sent as a beacon to /draft, which keeps it as the
//   file's draft. The request is the page's own (same origin, under the token's path), bounded
//   by the server like every other.
// - Every post that changes or saves the text carries the page's text, the version of the
//   file it was loaded with (#base) and the page's own name (#tab): the server never works
//   on another tab's draft, and never saves over a change it has not seen.
// - What the studio could not keep on disk (a read-only folder, a link where it writes, a
//   text past the body limit, the server gone) is kept in this browser (localStorage) until
//   the studio keeps it, and offered back when the page is opened again.
(function () {
  "use strict";
  var sent = null;
  var KEY = "riskrules-studio-unkept:";

  function field(name) {
    return document.querySelector("#doc input[name=" + name + "]");
  }

  function root() {
    // The studio's addresses begin with the body's data-root (its token's path), if any.
    return document.body.getAttribute("data-root") || "";
  }

  function textarea() {
    return document.getElementById("text");
  }

  function keep() {
    var text = textarea();
    var file = field("file");
    if (!text || !file || text.value === sent) {
      return;
    }
    var body = new URLSearchParams();
    body.set("file", file.value);
    body.set("text", text.value);
    ["base", "tab"].forEach(function (name) {
      var found = field(name);
      if (found) {
        body.set(name, found.value);
      }
    });
    var draft = root() + "/draft";
    var queued = navigator.sendBeacon && navigator.sendBeacon(draft, body);
    if (!queued) {
      // Too long for a beacon (64 KiB): a request that outlives the page if it can.
      fetch(draft, { method: "POST", body: body, keepalive: body.toString().length < 65536 })
        .catch(function () {});
    }
    sent = text.value;
  }

  function storeKey() {
    var file = field("file");
    return file ? KEY + file.value : null;
  }

  function store() {
    var key = storeKey();
    var text = textarea();
    if (!key || !text) {
      return;
    }
    try {
      localStorage.setItem(key, text.value);
    } catch (error) {
      // A full or forbidden storage: the page still holds the text.
    }
  }

  function unstore() {
    var key = storeKey();
    if (key) {
      try {
        localStorage.removeItem(key);
      } catch (error) {}
    }
  }

  function say(words) {
    var note = document.getElementById("unkept");
    if (!note) {
      return;
    }
    note.querySelector("span").textContent = words;
    note.hidden = false;
  }

  function offerBack() {
    var key = storeKey();
    var text = textarea();
    var note = document.getElementById("unkept");
    var stored = null;
    try {
      stored = key ? localStorage.getItem(key) : null;
    } catch (error) {}
    if (stored === null || !text || !note || stored === text.value) {
      return;
    }
    say(note.dataset.found);
    var back = document.getElementById("unkept-back");
    var drop = document.getElementById("unkept-drop");
    back.hidden = drop.hidden = false;
    back.addEventListener("click", function () {
      text.value = stored;
      text.dispatchEvent(new Event("input", { bubbles: true }));
      note.hidden = true;
    });
    drop.addEventListener("click", function () {
      unstore();
      note.hidden = true;
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      keep();
    }
  });
  window.addEventListener("pagehide", keep);
  document.addEventListener("input", function (event) {
    if (event.target && event.target.id === "text") {
      sent = null; // typed since the last beacon: the next hide sends it
      store(); // until the studio says it kept the draft
    }
  });
  document.addEventListener("DOMContentLoaded", offerBack);

  // The page's text, version and name go with every change made through the form or a fix.
  document.addEventListener("htmx:configRequest", function (event) {
    var path = event.detail.path.split("?")[0];
    if (root() && path.indexOf(root()) === 0) {
      path = path.slice(root().length);
    }
    var params = event.detail.parameters;
    if (["/rule", "/fix", "/save", "/compare"].indexOf(path) < 0 || !textarea()) {
      return;
    }
    if (!params.has("text")) {
      params.set("text", textarea().value);
    }
    ["base", "tab"].forEach(function (name) {
      var found = field(name);
      if (found && !params.has(name)) {
        params.set(name, found.value);
      }
    });
  });

  // An answer the studio marks as words to show (a refusal, a question) is shown whatever its
  // status; a text past the body limit is said here, from the page's own catalogue words.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.getResponseHeader("x-studio-words")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    if (xhr.getResponseHeader("x-studio-draft") === "kept") {
      unstore();
      var shown = document.getElementById("unkept");
      if (shown && document.getElementById("unkept-back").hidden) {
        shown.hidden = true;
      }
    }
    var note = document.getElementById("unkept");
    if (xhr.status === 413 && note) {
      store();
      say(note.dataset.tooLong);
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:sendError", function () {
    store();
    var note = document.getElementById("unkept");
    if (note) {
      say(note.dataset.lost);
    }
  });
})();
