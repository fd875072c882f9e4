// The page's requests (Sources/BrowserPages/Page/js/api.js), run by node --test: the token rides on every path.
import { test } from "node:test";
import assert from "node:assert/strict";

test("the token from the page's URL is added to every path, escaped, after any query", async () => {
  globalThis.location = { search: "?token=ab+c/d" };
  const { withToken } = await import("../../Sources/BrowserPages/Page/js/api.js");
  assert.equal(withToken("/api/state"), "/api/state?token=ab%20c%2Fd");
  assert.equal(withToken("/api/envelope?from=0&to=1"), "/api/envelope?from=0&to=1&token=ab%20c%2Fd");
  delete globalThis.location;
  assert.equal(withToken("/audio"), "/audio?token=");
});
