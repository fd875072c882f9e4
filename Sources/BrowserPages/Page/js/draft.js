// A drafted proposal: hits the server proposes (GET /api/draft) that the designer accepts or rejects, all, in a range,
// or one at a time. Pure: tested with node --test.

/** The range to draft: the selection when there is one, else the whole track. */
export function draftRange(selection, duration) {
  if (selection && selection[1] > selection[0]) return [Math.max(0, selection[0]), Math.min(duration, selection[1])];
  return [0, duration];
}

/** `beats` with the proposed hits inside [from, to] added, in time order (a hit the list already has within 1 ms is not added twice). */
export function acceptRange(beats, proposal, from = -Infinity, to = Infinity) {
  const taken = proposal.filter((t) => t >= from && t <= to && !beats.some((b) => Math.abs(b - t) < 0.001));
  return beats.concat(taken).sort((a, b) => a - b);
}

/** The proposal without the hits inside [from, to]. */
export function dropRange(proposal, from = -Infinity, to = Infinity) {
  return proposal.filter((t) => t < from || t > to);
}

/** The index of the proposed hit nearest `t` within `tolerance` seconds, or −1. */
export function proposedNear(proposal, t, tolerance) {
  let best = -1, distance = tolerance;
  proposal.forEach((p, i) => { if (Math.abs(p - t) <= distance) { best = i; distance = Math.abs(p - t); } });
  return best;
}

/** The query of a draft request: the range and the density, to three decimals. */
export function draftQuery(from, to, density) {
  return `/api/draft?from=${from.toFixed(3)}&to=${to.toFixed(3)}&density=${density}`;
}
