"use client";

import { BookOpen } from "lucide-react";
import { useState } from "react";

import { cn } from "./cn";
import { RemoteImage } from "./remote-image";

type ThumbnailProps = { src: string | null; width: number; height: number; className?: string; iconClassName?: string };

/** A decorative course thumbnail that falls back to an icon when there is none or it fails to load. */
export function Thumbnail({ src, width, height, className, iconClassName }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return <RemoteImage src={src} alt="" width={width} height={height} className={cn("object-cover", className)} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span aria-hidden="true" className={cn("flex items-center justify-center bg-muted", className)}>
      <BookOpen className={cn("size-4 text-muted-foreground", iconClassName)} />
    </span>
  );
}
