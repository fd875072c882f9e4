// The page's only way to its server: every request carries the token from the page's own URL.

/** The session's token, from the page's own URL (none outside a page). */
const token = () => new URLSearchParams(globalThis.location ? globalThis.location.search : "").get("token") || "";

/** `path` with the session's token added to its query. */
export const withToken = (path) => path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token());

/** The JSON answer to `path`; throws an Error with the server's message when it answers with an error. */
export async function getJSON(path, options) {
  const r = await fetch(withToken(path), options);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

/** Sends `value` as JSON with `method` and returns the JSON answer. */
export const sendJSON = (path, method, value) =>
  getJSON(path, { method, body: JSON.stringify(value), headers: { "Content-Type": "application/json" } });
