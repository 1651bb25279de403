import { createElement, type ComponentType, type SVGProps } from "react";

import { cn } from "../cn";

/**
 * The app's icons, one module each (import ~/components/ui/icons/<name>, so that a client chunk holds
 * only the icons it draws): lucide icons (ISC licence, lucide-react 1.75.0) as plain SVG with the markup
 * lucide-react renders, classes included. lucide-react's own Icon is a client component, so even an
 * icon drawn by a server component would ship its runtime to every page; these cost nothing on the
 * server and a few bytes each on the client.
 *
 * Icons are decorative (aria-hidden) unless given aria-hidden={false} and a label.
 *
 * Icon data © Lucide Contributors (ISC). To add one, take its SVG children from lucide's icon set
 * (lucide-static or lucide-react's icons/<name>) and its name and aliases as classes.
 */

type IconNode = [tag: string, attributes: Record<string, string>][];
export type LucideIcon = ComponentType<SVGProps<SVGSVGElement>>;

export function lucideIcon(classes: string, node: IconNode): LucideIcon {
  function Icon({ className, children, ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn("lucide", classes, className)}
        aria-hidden="true"
        {...props}
      >
        {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
        {children}
      </svg>
    );
  }
  return Icon;
}
