import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind utilities: a component's
 * base classes and the className it is given must not set the same property. Components expose
 * props (variant, size, ...) for what callers need to change instead.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
