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

  // Saved (under this name or another): the text is the saved file's, so leaving the page
  // sends no draft of it (a draft left after "Save as" would be a ghost on the start page).
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var path = event.detail && event.detail.pathInfo && event.detail.pathInfo.requestPath;
    var text = document.getElementById("text");
    if (path && path.slice(root().length) === "/save" && event.detail.xhr.status < 300 && text) {
      sent = text.value;
    }
  });

  // "Print the sheet": the browser's print of the sheet's own page (its frame), the same
  // sheet the PDF holds, on one page; what a plain install without WeasyPrint offers.
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest && event.target.closest("#print");
    var frame = document.getElementById("sheet");
    if (button && frame && frame.contentWindow) {
      frame.contentWindow.focus();
      frame.contentWindow.print();
    }
  });

  // The form's sections the player opened stay open when the form is drawn again after a
  // change (a rule set back to the base's value leaves its section with no change to show),
  // and the text view stays as it was.
  var opened = null;
  var focused = null;
  function formSwap(event) {
    var target = event.detail && event.detail.target;
    return target && (target.id === "work" || target.id === "rule-form");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!formSwap(event)) {
      return;
    }
    opened = [];
    var active = document.activeElement;
    focused = active && active.id && event.detail.target.contains(active) ? active.id : null;
    document.querySelectorAll("details[open]").forEach(function (d) {
      if (d.dataset.section || d.id) {
        opened.push(d.dataset.section ? "[data-section='" + d.dataset.section + "']" : "#" + d.id);
      }
    });
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!formSwap(event)) {
      return;
    }
    (opened || []).forEach(function (selector) {
      var found = document.querySelector("details" + selector);
      if (found) {
        found.open = true;
      }
    });
    opened = null;
    // A keyboard user goes on from the control they changed, not from the top of the page.
    var again = (focused && document.getElementById(focused)) ||
      (changed && document.getElementById(changed));
    if (again && !document.activeElement.closest("#work, #rule-form")) {
      again.focus();
    }
    focused = null;
  });
  // The control a change came from: where the keyboard goes on when the one it had moved to
  // is gone (a note's field, once the rule is back to the base's value).
  var changed = null;
  document.addEventListener("change", function (event) {
    changed = event.target && event.target.id ? event.target.id : null;
  });

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
