/**
 * The 'Produse' grid: a scrolling box with a sticky header and only the rows on screen rendered
 * (@tanstack/react-virtual), the empty last row where a new line is typed, and the keyboard of a
 * spreadsheet handled here once for every cell (contract: click/Enter/F2 edit, a printable key
 * replaces, Enter/↓ and ↑ move down and up, Tab/Shift+Tab across, Esc cancels, arrows move the
 * focus when not editing). A block pasted from a spreadsheet goes to the server's paste.
 */
import { useCallback, useMemo, useRef, useSyncExternalStore } from "react";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import { observeElementRect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { GRID_COLUMNS, GRID_TEMPLATE, STICKY_ACTIONS, STICKY_TOTAL, columnOf } from "./lineColumns";
import { LINE_STYLES, LineGridRow, NewLineRow, ROW_HEIGHT, type RowContext } from "./LineGridRow";

/** What jsdom (no layout) and the first paint assume the box measures. */
const INITIAL_RECT = { width: 1280, height: 560 };
const PROBLEMS_HEIGHT = 22;

/** The box's size, or the initial one while it has none (jsdom lays nothing out). */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, callback: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : INITIAL_RECT));
}

/** A row's height: measured where the page is laid out, else estimated from whether it shows problems. */
function measureRow(element: Element): number {
  const height = element.getBoundingClientRect().height;
  if (height > 0) return height;
  return ROW_HEIGHT + ((element as HTMLElement).dataset.problems === "1" ? PROBLEMS_HEIGHT : 0);
}

const isBlock = (text: string) => /[\t\r\n]/.test(text.replace(/(\r?\n)+$/, ""));

export function LinesGrid({ context }: { context: Omit<RowContext, "headers"> }) {
  const translate = useTranslate();
  const { store, actions, readOnly } = context;
  const keys = useSyncExternalStore(store.subscribeOrder, store.keys);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const count = keys.length + (readOnly ? 0 : 1);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRect,
    measureElement: measureRow,
    getItemKey: (index) => keys[index] ?? "new-line",
  });
  actions.scrollToRow = (index: number) => {
    const shown = virtualizer.getVirtualItems();
    if (shown.some((item) => item.index === index && item.start >= virtualizer.scrollOffset!)) return;
    try {
      virtualizer.scrollToIndex(index, { align: "auto" });
    } catch {
      // no layout to scroll (jsdom)
    }
  };

  const headers = useMemo(
    () => Object.fromEntries(GRID_COLUMNS.map((column) => [column.field, translate(`resources.invoices.lines.${column.label}`)])),
    [translate],
  );
  const rowContext: RowContext = useMemo(() => ({ ...context, headers }), [context, headers]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      if (!target.closest("[data-field]")) return;
      const { focus } = store;
      const key = event.key;
      const handled = () => event.preventDefault();
      if (focus.editing) {
        if (key === "Enter" || (key === "ArrowDown" && target.tagName !== "SELECT")) {
          handled();
          actions.move(1, 0);
        } else if (key === "ArrowUp" && target.tagName !== "SELECT") {
          handled();
          actions.move(-1, 0);
        } else if (key === "Tab") {
          handled();
          actions.move(0, event.shiftKey ? -1 : 1);
        } else if (key === "Escape") {
          handled();
          actions.cancel();
        }
        return;
      }
      if (key === "Delete" && (event.ctrlKey || event.shiftKey) && !readOnly) {
        const row = store.rowAt(focus.row);
        if (row) {
          handled();
          actions.remove(row.key);
        }
        return;
      }
      const moves: Record<string, [number, number]> = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1], Enter: [1, 0] };
      if (key === "ArrowDown" || key === "ArrowUp" || key === "ArrowLeft" || key === "ArrowRight") {
        handled();
        actions.move(...moves[key]);
      } else if (key === "Tab") {
        handled();
        actions.move(0, event.shiftKey ? -1 : 1);
      } else if (key === "Enter" || key === "F2") {
        handled();
        actions.startEdit();
      } else if (key === " " && columnOf(focus.field).kind === "flag") {
        handled();
        actions.startEdit(" ");
      } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        handled();
        actions.startEdit(key);
      }
    },
    [store, actions, readOnly],
  );

  const onPaste = useCallback(
    (event: React.ClipboardEvent<HTMLDivElement>) => {
      if (readOnly) return;
      const text = event.clipboardData.getData("text/plain");
      if (!text) return;
      const editing = store.focus.editing;
      if (!isBlock(text)) {
        if (editing) return; // one value into the cell being edited: the input's own paste
        event.preventDefault();
        actions.startEdit(text.trim());
        actions.commit();
        return;
      }
      event.preventDefault();
      if (editing) actions.cancel();
      void actions.paste(text);
    },
    [store, actions, readOnly],
  );

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label={translate("resources.invoices.tabs.lines")}
      aria-rowcount={count + 1}
      aria-readonly={readOnly || undefined}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      sx={{ overflow: "auto", maxHeight: "62vh", border: 1, borderColor: "divider", borderRadius: 1, fontSize: "0.875rem" }}
    >
      <Box sx={{ minWidth: 1320 }}>
        <Box
          role="row"
          aria-rowindex={1}
          sx={{ position: "sticky", top: 0, zIndex: 2, display: "grid", gridTemplateColumns: GRID_TEMPLATE, bgcolor: "background.paper", fontWeight: 600 }}
        >
          {GRID_COLUMNS.map((column) => {
            const tooltip = column.field === "service" ? "serviceTooltip" : column.field === "saveToDb" ? "saveToDbTooltip" : undefined;
            return (
              <Box
                key={column.field}
                role="columnheader"
                sx={{ px: 0.75, py: 1, borderBottom: 2, borderColor: "divider", textAlign: column.align ?? "left", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}
              >
                {tooltip ? (
                  <Tooltip title={translate(`resources.invoices.lines.${tooltip}`)}>
                    <span>{headers[column.field]}</span>
                  </Tooltip>
                ) : (
                  headers[column.field]
                )}
              </Box>
            );
          })}
          <Box role="columnheader" sx={{ ...STICKY_TOTAL, px: 0.75, py: 1, borderBottom: 2, borderColor: "divider", textAlign: "right" }}>
            {translate("resources.invoices.lines.lineTotal")}
          </Box>
          <Box role="columnheader" sx={{ ...STICKY_ACTIONS, borderBottom: 2, borderColor: "divider" }}>
            <Box component="span" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
              {translate("resources.invoices.lines.actions")}
            </Box>
          </Box>
        </Box>
        <Box role="rowgroup" sx={{ position: "relative", ...LINE_STYLES }} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) =>
            item.index < keys.length ? (
              <LineGridRow key={item.key} rowKey={keys[item.index]} index={item.index} start={item.start} context={rowContext} measure={virtualizer.measureElement} />
            ) : (
              <NewLineRow key="new-line" index={item.index} start={item.start} context={rowContext} measure={virtualizer.measureElement} />
            ),
          )}
        </Box>
      </Box>
    </Box>
  );
}
