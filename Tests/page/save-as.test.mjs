// The name Save As offers, against names worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { saveAsName } from "../../Sources/BrowserPages/Page/js/save-as.js";

test("Save As offers the chart's own name and kind with -edit (an .ssc as .ssc, copied whole), and beatmap.json for the rest", () => {
  assert.equal(saveAsName("/songs/Goin' Under/Goin' Under.ssc"), "Goin_ Under-edit.ssc");
  assert.equal(saveAsName("charts/1414.qua"), "1414-edit.qua");
  assert.equal(saveAsName("a/b/Song [Hard].osu"), "Song _Hard_-edit.osu");
  assert.equal(saveAsName("map.sm"), "map-edit.sm");
  assert.equal(saveAsName("beats.json"), "beats-edit.json");
  assert.equal(saveAsName("out/lp-out.json"), "lp-out-edit.json");
  assert.equal(saveAsName("GameConstants.swift"), "GameConstants-edit.swift");
  assert.equal(saveAsName("song.dat"), "beatmap.json");
  assert.equal(saveAsName(null), "beatmap.json");
  assert.equal(saveAsName(".sm"), "beatmap.json");
  // A Friday Night Funkin' chart (a JSON map not saved in place): as a chart, not a JSON list that drops its lanes.
  assert.equal(saveAsName("fnf/high-hard.json", true), "high-hard-edit.sm");
  assert.equal(saveAsName("beats.json", false), "beats-edit.json");
});
