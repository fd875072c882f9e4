// The name Save As offers. No DOM: tested with node --test (Tests/page/save-as.test.mjs).

/**
 * A map's own name and kind (a chart's own: the copy keeps its header and other charts; a JSON, text, CSV or Swift map its own), with
 * "-edit" added so the author's file is not the one offered, and every character the server refuses in a name made
 * "_"; "beatmap.json" for anything else (a draft, a format the editor does not write). A JSON map `notSavedInPlace` (a
 * Friday Night Funkin' chart) is offered as `.sm`, which keeps its lanes.
 */
export function saveAsName(map, notSavedInPlace = false) {
  const file = (map || "").split("/").pop(), dot = file.lastIndexOf(".");
  const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : "";
  // A JSON map that cannot be saved in place is a Friday Night Funkin' chart: a JSON list would drop its lanes.
  const kind = notSavedInPlace && ext === "json" ? "sm"
    : { sm: "sm", ssc: "ssc", osu: "osu", qua: "qua", json: "json", txt: "txt", csv: "csv", swift: "swift" }[ext];
  return kind ? `${file.slice(0, dot).replace(/[^A-Za-z0-9 ._-]/g, "_")}-edit.${kind}` : "beatmap.json";
}
