// One request of the site's JSON APIs (campaigns, stories): the page's bearer token and the
// reader's language go with it; the answer's JSON comes back, or an Error carrying the
// server's message and the status.

/** `method` on `url` with a JSON `body` (none when undefined); the answer's JSON, or throws. */
export async function apiRequest(method, url, body, { token, lang }) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
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
