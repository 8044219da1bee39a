/**
 * The catalogue's products matching what is typed in a line's code or name cell, as
 * CatalogueProductPicker finds them (useCatalogueMatches, a moment after typing stops):
 * ↓/↑ choose among them, Enter or a click fills the line from the chosen one, Esc closes the
 * list (a second Esc cancels the cell). Only the cell being edited asks.
 */
import { type InputHTMLAttributes, type ReactNode, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import type { Product } from "../../../contract/api";
import type { TaxRate } from "../../providers/customMethods";
import { useCatalogueMatches } from "../useCatalogueMatches";
import type { LineActions } from "./lineActions";
import { productFill } from "./lineDraft";

const MATCHES = 8;

export function CatalogueSuggestions({
  typed,
  listId,
  actions,
  taxes,
  children,
}: {
  typed: string;
  /** the listbox's id, unique on the page */
  listId: string;
  actions: LineActions;
  taxes: readonly TaxRate[];
  children: (inputProps: InputHTMLAttributes<HTMLInputElement>) => ReactNode;
}) {
  const translate = useTranslate();
  // What the cell held when its edit began is no search: only what is typed since.
  const [initial] = useState(typed.trim());
  const { asked, matches: options } = useCatalogueMatches(typed.trim() === initial ? "" : typed, MATCHES);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  // A new search: nothing highlighted yet, and a list closed with Esc opens again.
  const [shownFor, setShownFor] = useState(asked);
  if (shownFor !== asked) {
    setShownFor(asked);
    setActive(-1);
    setDismissed(false);
  }
  const anchorRef = useRef<HTMLDivElement | null>(null);
  const open = options.length > 0 && !dismissed;
  const pick = (product: Product) => actions.fill(productFill(product, taxes));

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open) return;
    const stop = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === "ArrowDown") {
      stop();
      setActive((index) => Math.min(index + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      stop();
      setActive((index) => Math.max(index - 1, -1));
    } else if (event.key === "Enter" && active >= 0) {
      stop();
      pick(options[active]);
    } else if (event.key === "Escape") {
      stop();
      setDismissed(true);
    }
  };

  return (
    <div ref={anchorRef} onKeyDown={onKeyDown} style={{ width: "100%", height: "100%" }}>
      {children({
        "aria-autocomplete": "list",
        "aria-controls": open ? listId : undefined,
        "aria-activedescendant": open && active >= 0 ? `${listId}-${active}` : undefined,
      })}
      <Popper open={open} anchorEl={anchorRef.current} placement="bottom-start" sx={{ zIndex: 1300 }}>
        <Paper elevation={4} component="ul" id={listId} role="listbox" aria-label={translate("resources.invoices.lines.pickFromCatalogue")} sx={{ m: 0, p: 0.5, listStyle: "none", minWidth: 280, maxWidth: 480 }}>
          {options.map((product, index) => (
            <li
              key={product.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the cell, so choosing does not first end the edit.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(product)}
              style={{ padding: "6px 8px", cursor: "pointer", borderRadius: 4, background: index === active ? "rgba(25, 118, 210, 0.12)" : undefined }}
            >
              {product.code} · {product.name}
            </li>
          ))}
        </Paper>
      </Popper>
    </div>
  );
}
