// Whether the page waits on the server long enough to say so. No DOM of its own: tested with node --test
// (Tests/page/busy.test.mjs).

let inFlight = 0;

/**
 * Runs `work` (a function returning a promise) and returns its result; while any such work has run longer than `after`
 * milliseconds, `mark(true)` (the editor: "working…" by the summary), and `mark(false)` once none is left. An edit or
 * a save queued behind the track's first analysis waited 16 s with no sign.
 */
export async function busyWhile(work, mark, after = 400) {
  inFlight++;
  const timer = setTimeout(() => { if (inFlight > 0) mark(true); }, after);
  try {
    return await work();
  } finally {
    inFlight--;
    clearTimeout(timer);
    if (inFlight === 0) mark(false);
  }
}
