/// The style and script `baton image view` inlines into its page (the page loads nothing).
enum ImageViewAssets {
    static let style = """
        body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
        table { border-collapse: collapse; margin-bottom: 1.5em; }
        td, th { border: 1px solid #ccc; padding: 4px 8px; vertical-align: top; text-align: left; }
        .field { font-family: ui-monospace, monospace; font-size: 12px; }
        .has-error td.id, .field-error { background: #fde2e1; color: #a4000f; }
        tr.stale td { background: #fff4d6; }
        tr.found td { outline: 2px solid #1a73e8; }
        #graph { border: 1px solid #ddd; background: #fafafa; display: block; margin: 1em 0; }
        #graph .node circle { fill: #d6e4ff; stroke: #345; }
        #graph .node.has-error circle { fill: #f8b4b0; stroke: #a4000f; stroke-width: 2; }
        #graph .node.found circle { stroke: #1a73e8; stroke-width: 4; }
        #graph line { stroke: #889; stroke-width: 1.2; }
        #graph text { font-size: 11px; }
        .error-count { color: #a4000f; } .stale-count { color: #8a5a00; }
        """

    /// Draws records as nodes on a circle (the root in the middle) and links as lines, and
    /// wires the search box (also filled from `#search=ID`).
    static let script = """
        (function () {
          "use strict";
          var image = JSON.parse(document.getElementById("image-data").textContent);
          var svg = document.getElementById("graph");
          var ns = "http://www.w3.org/2000/svg";
          var width = 960, height = 520, places = {};
          var others = image.records.filter(function (r) { return r.id !== "client:root"; });
          image.records.forEach(function (record) {
            var index = others.indexOf(record);
            if (index < 0) {
              places[record.id] = { x: width / 2, y: height / 2 };
            } else {
              var angle = 2 * Math.PI * index / Math.max(others.length, 1);
              places[record.id] = { x: width / 2 + 380 * Math.cos(angle), y: height / 2 + 210 * Math.sin(angle) };
            }
          });
          function links(value, found) {
            if (value.link) { found.push(value.link); }
            if (value.list) { value.list.forEach(function (element) { links(element, found); }); }
            return found;
          }
          function add(name, attributes, parent) {
            var element = document.createElementNS(ns, name);
            Object.keys(attributes).forEach(function (key) { element.setAttribute(key, attributes[key]); });
            (parent || svg).appendChild(element);
            return element;
          }
          image.records.forEach(function (record) {
            Object.keys(record.fields).forEach(function (key) {
              links(record.fields[key], []).forEach(function (target) {
                var from = places[record.id], to = places[target];
                if (from && to) { add("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y }); }
              });
            });
          });
          image.records.forEach(function (record) {
            var place = places[record.id];
            var errored = Object.keys(record.fields).some(function (key) { return !!record.fields[key].errors; });
            var group = add("g", { "class": "node" + (errored ? " has-error" : ""), "data-id": record.id });
            add("circle", { cx: place.x, cy: place.y, r: 9 }, group);
            var label = add("text", { x: place.x + 12, y: place.y + 4 }, group);
            label.textContent = record.id + (errored ? " (field error)" : "");
          });
          var search = document.getElementById("search");
          var result = document.getElementById("search-result");
          search.addEventListener("input", function () {
            var wanted = search.value.trim();
            var matches = 0;
            document.querySelectorAll("[data-id]").forEach(function (element) {
              var hit = wanted !== "" && element.getAttribute("data-id").indexOf(wanted) >= 0;
              element.classList.toggle("found", hit);
              if (hit && element.tagName === "TR") { matches += 1; }
            });
            result.textContent = wanted === "" ? "" : matches + " found";
            var first = document.querySelector("tr.found");
            if (first) { first.scrollIntoView({ block: "nearest" }); }
          });
          // A link to page.html#search=ID opens with that record found.
          if (location.hash.indexOf("#search=") === 0) {
            search.value = decodeURIComponent(location.hash.slice("#search=".length));
            search.dispatchEvent(new Event("input"));
          }
          document.body.setAttribute("data-graph", "drawn");
        })();
        """
}
