/* The sheet's print, fitted to its paper as its PDF is (tools/sheets/pdf.py: the same rules and
   figures, read from the page's #fitting data), by the browser that prints it, with its own
   fonts: just before each print, the sheet is laid out here on the page's width, its columns
   as tall as the paper's, at a type size, and measured; the size (and the tighter spacing)
   chosen is what prints, and is taken back after. Without this script (or any script) the
   sheet prints at its own size. */
(function () {
  "use strict";
  var data = document.getElementById("fitting");
  var main = document.querySelector("main");
  if (!data || !main || !window.addEventListener || !document.createRange) return;
  var fit = JSON.parse(data.textContent);
  var MM = 96 / 25.4; // CSS px in a mm
  var body = document.body;
  var before = null; // the page's own styles, given back after the print

  function lines(into) {
    // Each line of text in the columns, as WeasyPrint's line boxes are counted (pdf.columns).
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null);
    var range = document.createRange();
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/\S/.test(node.nodeValue)) continue;
      range.selectNodeContents(node);
      var rects = range.getClientRects();
      for (var i = 0; i < rects.length; i++) if (rects[i].height > 0) into(rects[i], false);
    }
    var tables = main.getElementsByTagName("table");
    for (var t = 0; t < tables.length; t++) {
      var parts = tables[t].getClientRects();
      for (var j = 0; j < parts.length; j++) into(parts[j], true);
    }
  }

  function lay(size, tight) {
    // The sheet set at `size` pt, on its paper: its pages, how full the first (its columns'
    // height over theirs, the header counted as used) and the second, and whether a line or
    // a table reaches past its column (pdf.too_wide).
    body.style.fontSize = size + "pt";
    body.classList.toggle("tight", tight);
    main.style.height = "";
    var height = fit.page[1] * MM;
    var top = main.getBoundingClientRect().top - body.getBoundingClientRect().top;
    main.style.height = Math.max(height - top, height / 4) + "px";
    var box = main.getBoundingClientRect();
    var gap = parseFloat(getComputedStyle(main).columnGap) || 0;
    var width = (box.width - gap) / 2;
    var bottoms = [];
    var wide = false;
    lines(function (rect, table) {
      var column = Math.max(0, Math.floor((rect.left - box.left + 1) / (width + gap)));
      if (rect.right > box.left + column * (width + gap) + width + 1) wide = true;
      if (!table) bottoms[column] = Math.max(bottoms[column] || 0, rect.bottom - box.top);
    });
    var at = function (column) { return bottoms[column] || 0; };
    return {
      size: size,
      tight: tight,
      pages: Math.max(1, Math.ceil(bottoms.length / 2)),
      fill: (2 * top + at(0) + at(1)) / (2 * height),
      second: (at(2) + at(3)) / (2 * height),
      wide: wide,
    };
  }

  function onePage(l) {
    return l.pages === 1 && l.fill <= fit.most_fill && !l.wide;
  }

  function largest(from, good) {
    // The largest size, on the steps of type from `from` (which is good) up to the largest
    // type, at which the layout is good: halving the steps (a layout here is a few ms).
    var steps = Math.round((fit.largest - from.size) / fit.step);
    var at = function (n) { return lay(Math.round((from.size + n * fit.step) * 10) / 10, from.tight); };
    var top = at(steps);
    if (good(top)) return top;
    var low = 0, high = steps, best = from;
    while (high - low > 1) {
      var middle = Math.floor((low + high) / 2);
      var tried = at(middle);
      if (good(tried)) { low = middle; best = tried; } else high = middle;
    }
    return best;
  }

  function grow(l) {
    // A one-page sheet set as large as keeps it on one page, at most fit.aim_fill full.
    if (l.fill >= fit.least_fill) return l;
    return largest(l, function (t) { return onePage(t) && t.fill <= fit.aim_fill; });
  }

  function spread(l) {
    // A two-page sheet set large enough that its second page is fuller, still on two.
    if (l.pages !== 2 || l.second >= fit.least_second) return l;
    return largest(l, function (t) { return t.pages === 2 && !t.wide && t.second <= fit.aim_second; });
  }

  function chosen() {
    var base = lay(fit.base, false);
    if (onePage(base)) return grow(base);
    if (base.pages === 1 || (base.pages === 2 && base.second <= fit.tight_saves)) {
      var tight = lay(fit.base, true);
      if (onePage(tight)) return grow(tight);
    }
    return spread(base);
  }

  window.addEventListener("beforeprint", function () {
    if (before === null) before = [body.style.cssText, body.className, main.style.cssText];
    // Laid out as on the paper: the page's width, no screen margins, columns filled in order.
    body.style.cssText = "width:" + fit.page[0] + "mm;max-width:none;margin:0";
    main.style.columnFill = "auto";
    var best = chosen();
    body.style.cssText = before[0];
    body.className = before[1];
    main.style.cssText = before[2];
    body.style.fontSize = best.size + "pt";
    body.classList.toggle("tight", best.tight || before[1].split(" ").indexOf("tight") >= 0);
  });
  window.addEventListener("afterprint", function () {
    if (before === null) return;
    body.style.cssText = before[0];
    body.className = before[1];
    main.style.cssText = before[2];
    before = null;
  });
})();
