import type { ComponentProps } from "react";

import { cn } from "./cn";

const BASE =
  "inline-flex items-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
};

const SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-8 text-base",
  icon: "size-10",
};

const ALIGNS = {
  center: "justify-center",
  start: "justify-start",
};

export type ButtonVariantProps = {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  align?: keyof typeof ALIGNS | null;
  className?: string;
};

/** The classes of a button, or of a link that looks like one (a plain lookup, so no class-variance-authority on the client). */
export function buttonVariants({ variant, size, align, className }: ButtonVariantProps = {}) {
  return cn(BASE, VARIANTS[variant ?? "default"], SIZES[size ?? "default"], ALIGNS[align ?? "center"], className);
}

export type ButtonProps = ComponentProps<"button"> & Omit<ButtonVariantProps, "className">;

export function Button({ className, variant, size, align, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size, align }), className)} {...props} />;
}
