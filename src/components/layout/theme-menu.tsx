"use client";

import { useState } from "react";

import { DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem } from "~/components/ui/dropdown-menu-content";
import { Monitor } from "~/components/ui/icons/monitor";
import { Moon } from "~/components/ui/icons/moon";
import { Sun } from "~/components/ui/icons/sun";

import { readStoredTheme, storeTheme } from "./theme";

/** The theme menu's popup: the Light/Dark/System choice. ThemeToggle loads it on demand. */
export default function ThemeMenu() {
  const [theme, setTheme] = useState(readStoredTheme);
  return (
    <DropdownMenuContent aria-label="Theme">
      <DropdownMenuRadioGroup
        value={theme}
        onValueChange={(next) => {
          storeTheme(next);
          setTheme(readStoredTheme());
        }}
      >
        <DropdownMenuRadioItem value="light">
          <Sun aria-hidden="true" />
          Light
        </DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="dark">
          <Moon aria-hidden="true" />
          Dark
        </DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="system">
          <Monitor aria-hidden="true" />
          System
        </DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </DropdownMenuContent>
  );
}
