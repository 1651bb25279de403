"use client";

import Link from "next/link";
import { createContext, use, useEffect, type ComponentProps, type KeyboardEvent } from "react";

import { cn } from "./cn";
import { focusMenuItem, menuItems, useMenu } from "./dropdown-menu";
import { Check } from "./icons/check";

/**
 * The popup of a DropdownMenu: a role="menu" below the trigger, right-aligned (or left), with role="menuitem"
 * and role="menuitemradio" items. It focuses the first (or last) item when it opens; ArrowUp/ArrowDown
 * (wrapping), Home/End and a typed letter move focus; Enter/Space/click choose an item and close the
 * menu; Escape closes it and returns focus to the trigger; Tab closes it and moves on from the trigger.
 */
type DropdownMenuContentProps = ComponentProps<"div"> & {
  /** Which edge of the trigger the popup lines up with: its right edge (the header's menus) or its left. */
  align?: "end" | "start";
};

export function DropdownMenuContent(props: DropdownMenuContentProps) {
  return useMenu().open ? <OpenMenuContent {...props} /> : null;
}

function OpenMenuContent({ className, children, onKeyDown, align = "end", ...props }: DropdownMenuContentProps) {
  const menu = useMenu();
  const { contentId, focusTarget } = menu;

  useEffect(() => {
    focusMenuItem(document.getElementById(contentId), focusTarget);
  }, [contentId, focusTarget]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const items = menuItems(event.currentTarget);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();

    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(current + 1);
        return;
      case "ArrowUp":
        event.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        return;
      case "Home":
      case "PageUp":
        event.preventDefault();
        focusAt(0);
        return;
      case "End":
      case "PageDown":
        event.preventDefault();
        focusAt(-1);
        return;
      case "Escape":
        event.preventDefault();
        menu.close(true);
        return;
      case "Tab":
        // Back on the trigger, the browser's own Tab then moves on from there.
        menu.close(true);
        return;
      case "Enter":
      case " ":
        if (current >= 0) {
          event.preventDefault();
          items[current]?.click();
        }
        return;
    }

    if (event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLowerCase();
      const ordered = [...items.slice(current + 1), ...items.slice(0, current + 1)];
      ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    }
  }

  return (
    <div
      id={contentId}
      role="menu"
      aria-orientation="vertical"
      aria-labelledby={props["aria-label"] ? undefined : menu.triggerId}
      tabIndex={-1}
      data-state="open"
      className={cn(
        "absolute top-full z-50 mt-1.5 min-w-[10rem]",
        align === "end" ? "right-0" : "left-0",
        "overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none",
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    >
      {children}
    </div>
  );
}

const itemClass =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 text-sm outline-none transition-colors focus:bg-accent [&_svg]:size-4 [&_svg]:shrink-0";

const itemTone = {
  default: "focus:text-accent-foreground",
  destructive: "text-destructive focus:text-destructive dark:text-red-300 dark:focus:text-red-300",
};

/** Pointer hover moves focus, so the highlighted item is always the focused one. */
function focusOnHover(event: { currentTarget: HTMLElement }) {
  if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
}

type DropdownMenuItemProps = Omit<ComponentProps<"div">, "onSelect"> & {
  /** Renders the item as a link (next/link) to this path; choosing it navigates there. */
  href?: string;
  /** With `href`: a plain <a download>, so choosing it downloads the file (and closes the menu). */
  download?: boolean;
  onSelect?: () => void;
  variant?: keyof typeof itemTone;
};

export function DropdownMenuItem({ className, href, download, onSelect, variant = "default", onClick, children, ...props }: DropdownMenuItemProps) {
  const menu = useMenu();
  const itemProps = {
    role: "menuitem",
    tabIndex: -1,
    className: cn(itemClass, "px-2", itemTone[variant], className),
    onPointerMove: focusOnHover,
  };
  function select() {
    onSelect?.();
    menu.close(true);
  }
  if (href && download) {
    return (
      <a href={href} download aria-describedby={props["aria-describedby"]} {...itemProps} onClick={select}>
        {children}
      </a>
    );
  }
  if (href) {
    return (
      <Link href={href} {...itemProps} onClick={select}>
        {children}
      </Link>
    );
  }
  return (
    <div
      {...props}
      {...itemProps}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select();
      }}
    >
      {children}
    </div>
  );
}

type RadioGroupContextValue = { value: string; onValueChange: (value: string) => void };
const RadioGroupContext = createContext<RadioGroupContextValue>({ value: "", onValueChange: () => {} });

type DropdownMenuRadioGroupProps = Omit<ComponentProps<"div">, "onChange"> & RadioGroupContextValue;

export function DropdownMenuRadioGroup({ value, onValueChange, ...props }: DropdownMenuRadioGroupProps) {
  return (
    <RadioGroupContext value={{ value, onValueChange }}>
      <div role="group" {...props} />
    </RadioGroupContext>
  );
}

type DropdownMenuRadioItemProps = Omit<ComponentProps<"div">, "onSelect"> & { value: string };

export function DropdownMenuRadioItem({ className, children, value, onClick, ...props }: DropdownMenuRadioItemProps) {
  const menu = useMenu();
  const group = use(RadioGroupContext);
  const checked = group.value === value;
  return (
    <div
      {...props}
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      data-state={checked ? "checked" : "unchecked"}
      className={cn(itemClass, "pr-2 pl-8", itemTone.default, className)}
      onPointerMove={focusOnHover}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        group.onValueChange(value);
        menu.close(true);
      }}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">{checked ? <Check aria-hidden="true" /> : null}</span>
      {children}
    </div>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("truncate px-2 py-1.5 text-sm font-semibold", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<"div">) {
  return <div role="separator" aria-orientation="horizontal" className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
