"use client";

import { useState } from "react";

import { cn } from "./cn";
import { BookOpen } from "./icons/book-open";
import { RemoteImage } from "./remote-image";

const ICON_SIZES = { sm: "size-4", lg: "size-10" };

type ThumbnailProps = { src: string | null; width: number; height: number; className?: string; iconSize?: keyof typeof ICON_SIZES };

/** A decorative course thumbnail that falls back to an icon when there is none or it fails to load. */
export function Thumbnail({ src, width, height, className, iconSize = "sm" }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return <RemoteImage src={src} alt="" width={width} height={height} className={cn("object-cover", className)} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span aria-hidden="true" className={cn("flex items-center justify-center bg-muted", className)}>
      <BookOpen className={cn(ICON_SIZES[iconSize], "text-muted-foreground")} />
    </span>
  );
}
