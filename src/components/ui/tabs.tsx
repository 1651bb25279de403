"use client";

import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent } from "react";

import { cn } from "./cn";

/**
 * Tabs (WAI-ARIA APG, automatic activation), hand-written to keep the page's JavaScript small: a
 * role="tablist" of role="tab" buttons with a roving tabindex; ArrowLeft/ArrowRight (wrapping),
 * Home and End move to a tab and select it. Only the selected panel's content is mounted.
 */

type TabsContextValue = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs() {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error("Tabs parts must be used inside <Tabs>");
  return tabs;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "onChange"> & {
  defaultValue: string;
  /** Controlled: the selected tab (with onValueChange); otherwise the tabs keep their own, from `defaultValue`. */
  value?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ defaultValue, value: controlled, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const value = controlled ?? own;
  const select = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value, select, baseId }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

type TabsListProps = ComponentProps<"div"> & {
  /** Spread the tabs over the full width in equal columns instead of sizing the list to its tabs. */
  stretch?: boolean;
};

export function TabsList({ className, stretch = false, onKeyDown, ...props }: TabsListProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: -1 }[event.key];
    if (target === undefined || tabs.length === 0) return;
    event.preventDefault();
    tabs[(target + tabs.length) % tabs.length]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground",
        stretch ? "grid w-full auto-cols-fr grid-flow-col" : "inline-flex",
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

type TabsTriggerProps = ComponentProps<"button"> & { value: string };

export function TabsTrigger({ className, value, onClick, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex items-center justify-center rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = ComponentProps<"div"> & { value: string };

export function TabsContent({ className, value, children, ...props }: TabsContentProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      hidden={!selected}
      tabIndex={0}
      data-state={selected ? "active" : "inactive"}
      className={cn(
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
