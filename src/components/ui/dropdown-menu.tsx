"use client";

import { createContext, Suspense, use, useEffect, useId, useRef, useState, type ComponentProps, type FocusEvent, type ReactNode } from "react";

/**
 * A menu button (WAI-ARIA APG "menu button" pattern), hand-written to keep the page's JavaScript small.
 * This module is the part every page needs: the state and the trigger. The popup (role="menu", its
 * items and keyboard handling) is in dropdown-menu-content.tsx, which a menu can load on demand
 * (see DropdownMenuLazyContent).
 *
 * Click, Enter, Space or ArrowDown on the trigger open the menu on its first item (ArrowUp on the
 * last); Escape closes it and returns focus to the trigger; Tab, a click or focus outside close it.
 */

export type FocusTarget = "first" | "last";

type MenuContextValue = {
  open: boolean;
  /** Which item the popup focuses when it mounts. */
  focusTarget: FocusTarget;
  triggerId: string;
  contentId: string;
  show: (focus: FocusTarget) => void;
  close: (returnFocus: boolean) => void;
};

const MenuContext = createContext<MenuContextValue | null>(null);

export function useMenu() {
  const menu = use(MenuContext);
  if (!menu) throw new Error("DropdownMenu parts must be used inside <DropdownMenu>");
  return menu;
}

export function menuItems(content: Element | null): HTMLElement[] {
  return content
    ? [...content.querySelectorAll<HTMLElement>('[role="menuitem"],[role="menuitemradio"]')].filter((item) => item.getAttribute("aria-disabled") !== "true")
    : [];
}

export function focusMenuItem(content: Element | null, target: FocusTarget) {
  const items = menuItems(content);
  (target === "last" ? items.at(-1) : items[0])?.focus();
}

type DropdownMenuProps = {
  children: ReactNode;
  /** Called when the pointer or focus reaches the trigger: a chance to fetch a lazily loaded popup. */
  onIntent?: () => void;
};

export function DropdownMenu({ children, onIntent }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const contentId = `${id}-content`;

  const menu: MenuContextValue = {
    open,
    focusTarget,
    triggerId,
    contentId,
    show(focus) {
      setFocusTarget(focus);
      if (open) focusMenuItem(document.getElementById(contentId), focus);
      else setOpen(true);
    },
    close(returnFocus) {
      setOpen(false);
      if (returnFocus) document.getElementById(triggerId)?.focus();
    },
  };

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open]);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  return (
    <MenuContext value={menu}>
      <div ref={rootRef} className="relative flex shrink-0" onBlur={onBlur} onPointerEnter={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
        {children}
      </div>
    </MenuContext>
  );
}

export function DropdownMenuTrigger({ onClick, onKeyDown, ...props }: ComponentProps<"button">) {
  const menu = useMenu();
  return (
    <button
      type="button"
      {...props}
      id={menu.triggerId}
      aria-haspopup="menu"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.contentId : undefined}
      data-state={menu.open ? "open" : "closed"}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (menu.open) menu.close(false);
        else menu.show("first");
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
          event.preventDefault();
          menu.show("first");
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          menu.show("last");
        }
      }}
    />
  );
}

/** Renders a lazily loaded popup (a React.lazy component holding a DropdownMenuContent) while the menu is open. */
export function DropdownMenuLazyContent({ children }: { children: ReactNode }) {
  const { open } = useMenu();
  return open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
