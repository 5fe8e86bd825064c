// The playground page (docs/playground.md): Pyodide runs the project's own Python in the page.
// Files next to the page (written by mtg_layers/docs_site/mkdocs_hooks.py at build time):
//   pyodide/           the Pyodide runtime from the npm package
//   mtg-layers.zip     reference/ and the modules that load a case and put the trace in words
//   cases/ID.yaml      every corpus case, cases/index.json lists them
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const here = new URL(".", window.location.href);
  const params = new URLSearchParams(window.location.search);
  let playground = null;

  function status(text, error) {
    const el = $("pg-status");
    el.textContent = text;
    el.classList.toggle("pg-error", Boolean(error));
  }

  async function loadCase(id) {
    const response = await fetch(new URL("cases/" + encodeURIComponent(id) + ".yaml", here));
    if (!response.ok) throw new Error("no corpus case with id " + id);
    $("pg-board").value = await response.text();
    $("pg-output").innerHTML = "";
    $("pg-check").innerHTML = "";
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  // A case opens under the newest rules version it declares (its expected answers are checked).
  function newestDeclared() {
    if (!playground) return;
    const ids = JSON.parse(playground.declared_versions($("pg-board").value));
    if (ids.length) $("pg-version").value = ids[0];
  }

  function run() {
    if (!playground) return;
    const version = $("pg-version").value;
    const stepText = $("pg-step").value.trim();
    const step = stepText ? Number(stepText) : 0; // 0: the last step
    const out = JSON.parse(playground.run($("pg-board").value, version, step));
    const output = $("pg-output");
    if (!out.ok) {
      $("pg-check").innerHTML = "";
      output.innerHTML = "";
      output.dataset.version = "";
      status(out.error, true);
      return;
    }
    status(`${out.case}, step ${out.step} of ${out.steps}, rules: ${out.version}`);
    let check = "";
    if (out.check) {
      check = `<p><strong>${out.check.ok ? "Matches" : "Differs from"}</strong> the case's expected answer for these rules.</p>`;
      check += "<table><thead><tr><th>object</th><th>expected</th><th>computed</th></tr></thead><tbody>";
      for (const row of out.check.rows) check += "<tr>" + row.map((c) => `<td>${escapeHtml(c)}</td>`).join("") + "</tr>";
      check += "</tbody></table>";
    }
    $("pg-check").innerHTML = check;
    output.innerHTML = out.html;
    output.dataset.version = version;
  }

  // Cards picked by name (the catalogue), one a line in the order they entered, built into the board.
  function startNames() {
    const list = $("pg-card-names");
    if (!list) return;
    for (const [en, fr] of JSON.parse(playground.card_names())) {
      list.appendChild(new Option(en));
      if (fr) list.appendChild(new Option(fr, fr, false, false)).label = en;
    }
    const add = () => {
      const name = $("pg-card").value.trim();
      if (!name) return;
      const box = $("pg-names");
      box.value = (box.value.trim() ? box.value.trim() + "\n" : "") + name;
      $("pg-card").value = "";
    };
    $("pg-add").addEventListener("click", add);
    $("pg-card").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); add(); } });
    $("pg-build").addEventListener("click", () => {
      const out = JSON.parse(playground.build_by_names($("pg-names").value, $("pg-version").value));
      if (!out.ok) {
        status(out.error, true);
        return;
      }
      $("pg-board").value = out.yaml;
      $("pg-step").value = "";
      run();
    });
    $("pg-add").disabled = false;
    $("pg-build").disabled = false;
  }

  async function start() {
    const caseId = params.get("case") || "seed-gray-ogre";
    try {
      const index = await (await fetch(new URL("cases/index.json", here))).json();
      const select = $("pg-case");
      for (const c of index) select.add(new Option(c.id, c.id, false, c.id === caseId));
      select.addEventListener("change", () =>
        loadCase(select.value).then(newestDeclared).then(run).catch((e) => status(String(e), true)));
      await loadCase(caseId);
      const pyodide = await window.loadPyodide({ indexURL: new URL("pyodide/", here).href });
      const zip = await (await fetch(new URL("mtg-layers.zip", here))).arrayBuffer();
      pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/mtg-layers" });
      pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/mtg-layers')");
      playground = pyodide.pyimport("mtg_layers.docs_site.playground");
      const versions = JSON.parse(playground.versions());
      const wanted = params.get("rules");
      for (const v of versions) $("pg-version").add(new Option(v.label, v.id, false, v.id === wanted));
      if (!wanted) newestDeclared();
      $("pg-version").addEventListener("change", run);
      $("pg-run").addEventListener("click", run);
      $("pg-run").disabled = false;
      startNames();
      status("Ready: edit the board and press Run.");
      run();
    } catch (e) {
      status("The playground could not start: " + e, true);
    }
  }

  start();
})();
