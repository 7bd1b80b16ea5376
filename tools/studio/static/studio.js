// The studio's one script of its own (htmx does the rest): what was typed in the last
// moments before the tab is closed or hidden (htmx sends the text 0.4 s after the last key)
// is sent as a beacon to /draft, which keeps it as the file's draft. The request is the
// page's own (same origin, the token's cookie), bounded by the server like every other.
(function () {
  "use strict";
  var sent = null;

  function keep() {
    var text = document.getElementById("text");
    var file = document.querySelector("#doc input[name=file]");
    if (!text || !file || text.value === sent) {
      return;
    }
    var body = new URLSearchParams();
    body.set("file", file.value);
    body.set("text", text.value);
    var queued = navigator.sendBeacon && navigator.sendBeacon("/draft", body);
    if (!queued) {
      // Too long for a beacon (64 KiB): a request that outlives the page if it can.
      fetch("/draft", { method: "POST", body: body, keepalive: body.toString().length < 65536 })
        .catch(function () {});
    }
    sent = text.value;
  }

  // Saved (under this name or another): the text is the saved file's, so leaving the page
  // sends no draft of it (a draft left after "Save as" would be a ghost on the start page).
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var path = event.detail && event.detail.pathInfo && event.detail.pathInfo.requestPath;
    var text = document.getElementById("text");
    if (path === "/save" && event.detail.xhr.status < 300 && text) {
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
    }
  });
})();
