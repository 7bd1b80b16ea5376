// The front page in the reader's language: the browser's (en, da or nl), or the one picked;
// and the service worker, which keeps the site for offline use.
(function () {
  "use strict";
  var known = ["en", "da", "nl"];
  function show(lang) {
    document.querySelectorAll("section.front").forEach(function (s) {
      s.hidden = s.getAttribute("data-lang") !== lang;
    });
    document.documentElement.lang = lang;
  }
  var picked = location.hash.slice(1);
  var lang = known.indexOf(picked) >= 0 ? picked : null;
  (navigator.languages || [navigator.language || "en"]).forEach(function (code) {
    var two = String(code).slice(0, 2).toLowerCase();
    if (!lang && known.indexOf(two) >= 0) lang = two;
  });
  show(lang || "en");
  // The whole site kept for offline use from the first visit (the studio too, so that it
  // opens without downloading when the player gets to it).
  if ("serviceWorker" in navigator && location.protocol.indexOf("http") === 0) {
    navigator.serviceWorker.register("sw.js").catch(function () {});
  }
  document.addEventListener("click", function (event) {
    var pick = event.target.getAttribute && event.target.getAttribute("data-pick");
    if (pick) { show(pick); }
  });
})();
