// The author's named ranges of the track ("rhythm section", 42–87 s): pure list operations and their labels. No DOM.

/** The markers with `{ name, from, to }` added (the range ordered, the name trimmed), sorted by start; null when the
 * name is empty or the range has no length. */
export function withMarker(markers, name, a, b) {
  const text = (name || "").trim(), from = Math.min(a, b), to = Math.max(a, b);
  if (!text || !(to > from) || !Number.isFinite(from) || !Number.isFinite(to)) return null;
  return markers.concat([{ name: text, from, to }]).sort((x, y) => x.from - y.from || x.to - y.to);
}

/** The markers without the one at `index`. */
export const withoutMarker = (markers, index) => markers.filter((_, i) => i !== index);

/** A time as m:ss.s (minutes from a minute on), for marker labels. */
export function clock(t) {
  const sign = t < 0 ? "-" : "", a = Math.abs(t), minutes = Math.floor(a / 60), seconds = a - 60 * minutes;
  return minutes ? `${sign}${minutes}:${seconds.toFixed(1).padStart(4, "0")}` : `${sign}${seconds.toFixed(1)}`;
}

/** A marker's label: "name 0:42.0–1:27.5". */
export const markerLabel = (m) => `${m.name} ${clock(m.from)}–${clock(m.to)}`;
