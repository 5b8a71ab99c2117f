// The tutorial's page: its button asks the server for a tutorial game and opens its table.

import { holdSeat } from "./mine.js";
import { toast } from "./util.js";

const main = document.getElementById("rules");
const button = document.getElementById("start-tutorial");

button.addEventListener("click", async () => {
  button.disabled = true;
  try {
    const response = await fetch("/api/tutorial", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lang: main.dataset.lang }),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    const token = new URLSearchParams(new URL(data.url, location.href).hash.slice(1)).get("token");
    holdSeat({ game_id: data.game_id, seat: 0, token, title: document.title.split(" — ")[0], lang: main.dataset.lang });
    location.href = data.url;
  } catch (error) {
    toast(error.message);
    button.disabled = false;
  }
});
