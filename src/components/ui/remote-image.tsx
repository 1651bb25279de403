import type { ComponentProps } from "react";

type RemoteImageProps = Omit<ComponentProps<"img">, "src" | "alt"> & { src: string; alt: string };

/**
 * A plain <img> for remote thumbnails and avatars (YouTube, Google): they are already small, and
 * next/image would need an optimizer allow-list for every host.
 */
export function RemoteImage({ src, alt, loading = "lazy", ...props }: RemoteImageProps) {
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img src={src} alt={alt} loading={loading} decoding="async" referrerPolicy="no-referrer" {...props} />;
}
