// Front end of cardkit.widgets.HandWidget (anywidget ESM; no imports, works offline).
// Each card is a real <button>, so Tab reaches it and Enter/Space press it. A press only asks
// the kernel ({event: "toggle", index}); the kernel validates and sends back `selected`.

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "ck-hand-widget";
  row.setAttribute("role", "group");
  el.appendChild(row);

  function showSelection() {
    const selected = new Set(model.get("selected"));
    for (const button of row.querySelectorAll("button.ck-hand-card")) {
      const on = selected.has(Number(button.dataset.index));
      button.classList.toggle("ck-selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function draw() {
    const focused = row.contains(document.activeElement)
      ? document.activeElement.dataset.index
      : undefined;
    const disabled = model.get("disabled");
    row.replaceChildren();
    row.classList.toggle("ck-disabled", disabled);
    row.setAttribute("aria-label", model.get("_group_label"));
    row.setAttribute("aria-disabled", disabled ? "true" : "false");
    model.get("_items").forEach((item, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ck-hand-card";
      button.dataset.index = String(index);
      if (item.card) button.dataset.card = item.card;
      button.setAttribute("aria-label", item.label);
      button.title = item.label;
      button.disabled = disabled;
      button.innerHTML = item.svg; // drawn and escaped by cardkit.render in the kernel
      const picture = button.querySelector("svg");
      if (picture) picture.setAttribute("aria-hidden", "true");
      if (item.mark) {
        const badge = document.createElement("span");
        badge.className = "ck-mark";
        badge.dataset.mark = item.mark;
        badge.textContent = item.mark;
        badge.setAttribute("aria-hidden", "true"); // the button's label says it already
        button.classList.add("ck-marked");
        button.appendChild(badge);
      }
      button.addEventListener("click", () => {
        if (!model.get("disabled")) model.send({ event: "toggle", index });
      });
      row.appendChild(button);
    });
    showSelection();
    if (focused !== undefined) {
      const again = row.querySelector(`button[data-index="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  draw();
  model.on("change:_items", draw);
  model.on("change:_group_label", draw);
  model.on("change:disabled", draw);
  model.on("change:selected", showSelection);
  return () => {
    model.off("change:_items", draw);
    model.off("change:_group_label", draw);
    model.off("change:disabled", draw);
    model.off("change:selected", showSelection);
  };
}

export default { render };
