// One request of the site's JSON APIs (campaigns, stories): the page's bearer token and the
// reader's language go with it; the answer's JSON comes back, or an Error carrying the
// server's message and the status. `operator`: the operator's token goes with it too (kept in
// this browser by the operator's page, /operator#token=…), to bring in what the store holds.

/** Where this browser keeps the operator's token (set by the operator's page). */
export const OPERATOR_KEY = "totenblatt.operator";

/** `method` on `url` with a JSON `body` (none when undefined); the answer's JSON, or throws. */
export async function apiRequest(method, url, body, { token, lang, operator = false }) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const kept = operator ? localStorage.getItem(OPERATOR_KEY) : null;
  if (kept) headers["X-Operator-Token"] = kept;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: response.statusText };
  }
  if (!response.ok) {
    const error = new Error(data?.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}
